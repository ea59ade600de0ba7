import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseUnavailable } from './database-unavailable.ts';
import { AppError, type ErrorBody } from './errors.ts';
import { warnAtMostEvery } from './warn-at-most-every.ts';

/** Fastify's own 4xx codes, mapped to stable codes and zh-TW messages the portal can show. */
const fastifyCodes: Record<string, ErrorBody> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: '資料過大' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: '不支援的資料格式' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad_json', message: '請求內容不得為空' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_json', message: '請求格式錯誤' },
};

/**
 * Statuses Fastify's plugins answer on their own, e.g. @fastify/send (the static files) for a conditional or
 * ranged GET that cannot be met (ADR 0012, issue 8 finding 15): a code that says which, in the one shape.
 */
const statusCodes: Record<number, ErrorBody> = {
  412: { code: 'precondition_failed', message: '請求的前置條件不成立' },
  416: { code: 'range_not_satisfiable', message: '請求的範圍無效' },
  428: { code: 'precondition_required', message: '請求缺少必要的前置條件' },
};

/**
 * PostgreSQL's "data exception" class (22xxx): input the database cannot store — a NUL character in text
 * (22021, 22P05), a malformed uuid (22P02), a number out of range (22003). It is the caller's input, so a
 * 400, never a 500. Drizzle wraps the driver's error, so the cause chain is searched.
 */
function databaseDataException(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A database that cannot serve fails every request at once: one warning per 10 s with how many were held back,
 * not a stack trace per request (the blob store's rule, the same throttle). One throttle per app's logger.
 */
const databaseWarnings = new WeakMap<FastifyBaseLogger, ReturnType<typeof warnAtMostEvery>>();
function warnDatabaseUnavailable(log: FastifyBaseLogger, details: Record<string, unknown>) {
  let warn = databaseWarnings.get(log);
  if (!warn) {
    warn = warnAtMostEvery(log, 10_000);
    databaseWarnings.set(log, warn);
  }
  warn('database', details, 'database unavailable');
}

/** Every failure leaves as `{ message, code }`; unknown errors are logged and never leak. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.status).send(error.toBody());
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || error.validationContext;
    return reply.status(400).send({
      code: 'validation',
      message: `欄位格式錯誤：${field}${first?.message ? `（${first.message}）` : ''}`,
    });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response did not match its schema');
    return reply.status(500).send({ code: 'internal', message: '伺服器發生錯誤' });
  }
  const dataException = databaseDataException(error);
  if (dataException) {
    request.log.info({ pgCode: dataException }, 'input refused by the database');
    return reply.status(400).send({ code: 'invalid_input', message: '資料含有無法處理的字元或數值' });
  }
  const unavailable = databaseUnavailable(error);
  if (unavailable) {
    warnDatabaseUnavailable(request.server.log, { reason: unavailable, detail: error.message });
    reply.header('Retry-After', '5');
    return reply.status(503).send({ code: 'database_unavailable', message: '服務暫時無法使用，請稍後再試' });
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return reply.status(status).send(known);
    const byStatus = statusCodes[status];
    if (byStatus) return reply.status(status).send(byStatus);
    if (error.code === 'FST_ERR_VALIDATION' || (error.code ?? '').startsWith('FST_ERR_CTP')) {
      return reply.status(status).send({ code: 'bad_request', message: '請求格式錯誤' });
    }
    return reply.status(status).send({ code: 'bad_request', message: '請求無法處理' });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ code: 'internal', message: '伺服器發生錯誤' });
}
