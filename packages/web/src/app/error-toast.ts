import { ApiError } from '../api/api-error.ts';
import { showToast } from '../components/toasts.tsx';
import i18n from '../i18n/init-i18n.ts';

/**
 * Spec 1 §8, decided in one place: HTTP 400 (and impersonation refusals) → warning toast with the server's message; any other failure
 * → danger toast with the server's message, or 錯誤 when there is none. Loads that the spec wants reported
 * "with status code and message" (profile, class, avatar) pass `withStatus`.
 */
export function toastForError(error: unknown, options: { withStatus?: boolean } = {}): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  const api = error instanceof ApiError ? error : undefined;
  const text = api?.message || i18n.t('error.generic');
  const message = options.withStatus && api?.status ? `${api.status} ${text}` : text;
  showToast(toastVariantFor(api), message);
}

/**
 * 400 is a warning, and so is a refusal because an admin views as a learner (`impersonation_…`, ADR 0081):
 * nothing broke, the admin is told what this view may not do. Anything else is danger.
 */
export function toastVariantFor(api: ApiError | undefined): 'warning' | 'danger' {
  if (api?.status === 400 || api?.code.startsWith('impersonation_')) return 'warning';
  return 'danger';
}
