import { ApiError } from '../api/api-error.ts';
import { showToast } from '../components/toasts.tsx';
import i18n from '../i18n/init-i18n.ts';

/**
 * Spec 1 §8, decided in one place: HTTP 400 → warning toast with the server's message; any other failure
 * → danger toast with the server's message, or 錯誤 when there is none. Loads that the spec wants reported
 * "with status code and message" (profile, class, avatar) pass `withStatus`.
 */
export function toastForError(error: unknown, options: { withStatus?: boolean } = {}): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  const api = error instanceof ApiError ? error : undefined;
  const text = api?.message || i18n.t('error.generic');
  const message = options.withStatus && api?.status ? `${api.status} ${text}` : text;
  showToast(api?.status === 400 ? 'warning' : 'danger', message);
}
