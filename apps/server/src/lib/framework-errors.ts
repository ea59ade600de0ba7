import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from './errors.ts';

/**
 * Errors Fastify raises before any route or error handler runs: a URL whose percent-encoding does not decode,
 * a path parameter over the length limit, a failing route constraint. Fastify's defaults answer with
 * `{ error, code, message, statusCode }` and put the raw path in the message — echoing attacker input into
 * JSON some tool may render. These answer in the one `{ message, code }` shape and echo nothing.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Raised before the onRequest hooks, which would otherwise return the request id.
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ code: 'uri_too_long', message: '網址過長' } satisfies ErrorBody);
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ code: 'bad_url', message: '網址格式錯誤' } satisfies ErrorBody);
  }
  return reply.status(400).send({ code: 'bad_request', message: '請求無法處理' } satisfies ErrorBody);
}

/**
 * Malformed HTTP that never becomes a request (a non-numeric Content-Length, a broken header line): Node's
 * parser gives up and Fastify's default writes its own JSON. This keeps the one shape and closes the socket.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify(
    tooLarge
      ? ({ message: '請求標頭過大', code: 'headers_too_large' } satisfies ErrorBody)
      : ({ message: '請求格式錯誤', code: 'bad_request' } satisfies ErrorBody),
  );
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      'Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
