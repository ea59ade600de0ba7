import { ApiError } from '@atrium/web/api/api-error.ts';
import type { ReactNode } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/**
 * A load that failed, said where its content would be, with a retry (ADR 0017). The server's message is
 * the toast's (spec 1 §8), so it is not repeated here: only what failed, its status code and the way on.
 */
export function LoadFailure({
  error,
  onRetry,
  retrying,
  testId = 'load-failure',
  children,
}: {
  error: unknown;
  onRetry: () => unknown;
  retrying: boolean;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const status = error instanceof ApiError && error.status > 0 ? error.status : undefined;
  return (
    <Alert variant="danger" data-testid={testId} className="d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto">
        {status ? t('load.failedWithStatus', { status }) : t('load.failed')} {children}
      </span>
      <Button size="sm" variant="outline-danger" onClick={() => onRetry()} disabled={retrying}>
        {retrying ? t('load.retrying') : t('load.retry')}
      </Button>
    </Alert>
  );
}
