import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A handed-in file always downloads (never rendered in the page), under the name it was given. */
export function sendFile(
  reply: FastifyReply,
  file: { body: Readable; size: number; name: string; type: string },
) {
  return reply
    .header('content-type', file.type)
    .header('content-length', file.size)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
