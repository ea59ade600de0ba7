/**
 * The one error shape every failure takes on the wire: `{ message, code }` with the right status.
 * Domain functions throw AppError; the error handler in app.ts turns anything else into a 500
 * without leaking its text.
 */
export interface ErrorBody {
  message: string;
  code: string;
}

export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    /** Headers the answer carries, e.g. Retry-After on a 429. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return { message: this.message, code: this.code };
  }
}

export const badRequest = (code: string, message: string) => new AppError(400, code, message);
export const unauthorized = (message = '請先登入', code = 'unauthorized') => new AppError(401, code, message);
export const forbidden = (message = '沒有權限', code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message = '找不到資料', code = 'not_found') => new AppError(404, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
