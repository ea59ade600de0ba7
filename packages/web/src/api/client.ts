import { ApiError } from './api-error.ts';
import { takeEarlyGet } from './early-get.ts';
import { readSessionToken } from './session-token.ts';
import { ensureXsrfToken, XSRF_HEADER } from './xsrf.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

/**
 * Every call of spec 1 §7: same origin, cookies included, the xsrf header, and the token cookie as a Bearer
 * token. Failures become ApiError with the server's message; the toast is decided elsewhere (app/query-client).
 */
export async function apiCall<T>(method: Method, path: string, options: CallOptions = {}): Promise<T> {
  const url = new URL(path, location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json', [XSRF_HEADER]: ensureXsrfToken() };
  const token = readSessionToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    // The page's early script may have asked for this already, before the app's code was in (early-get.ts).
    const early =
      method === 'GET' ? await takeEarlyGet(`${url.pathname}${url.search}`, options.signal) : null;
    response =
      early ??
      (await fetch(url, {
        method,
        headers,
        credentials: 'include',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', '');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const body = (data ?? {}) as { message?: unknown; code?: unknown };
    throw new ApiError(
      response.status,
      typeof body.code === 'string' ? body.code : 'http_error',
      typeof body.message === 'string' ? body.message : '',
    );
  }
  return data as T;
}
