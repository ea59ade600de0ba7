import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

const gunzipAsync = promisify(gunzip);

/**
 * JSON bodies for the ingest routes, gzip-compressed or not. The compressed size is held to the
 * route's bodyLimit by Fastify; the inflated size to `maxInflatedBytes`, so a gzip bomb stops at the
 * cap instead of filling memory. `text/plain` is accepted too: it is what a keep-alive/beacon send
 * that avoids a CORS preflight carries.
 */
export function registerIngestBodyParser(app: FastifyInstance, maxInflatedBytes: number) {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'buffer' },
    async (request: FastifyRequest, body: string | Buffer) => {
      const raw = body as Buffer;
      const encoding = String(request.headers['content-encoding'] ?? 'identity').toLowerCase();
      let text: Buffer;
      if (encoding === 'gzip') {
        try {
          text = await gunzipAsync(raw, { maxOutputLength: maxInflatedBytes });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
            throw new AppError(413, 'payload_too_large', '資料過大');
          }
          throw new AppError(400, 'bad_gzip', '壓縮資料無法解開');
        }
      } else if (encoding === 'identity') {
        text = raw;
      } else {
        throw new AppError(415, 'unsupported_encoding', '不支援的壓縮格式');
      }
      if (text.length === 0) throw new AppError(400, 'bad_json', '請求內容不得為空');
      try {
        return JSON.parse(text.toString('utf8'));
      } catch {
        throw new AppError(400, 'bad_json', '請求格式錯誤');
      }
    },
  );
}

/**
 * The batch route's body: the bytes as sent, compressed or not. Inflating and parsing happen in a worker
 * thread (parse-batch.ts), after the duplicate check, so the event loop never pays for a batch's contents.
 */
export function registerRawBatchBody(app: FastifyInstance) {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'buffer' },
    async (_request: FastifyRequest, body: string | Buffer) => body,
  );
}
