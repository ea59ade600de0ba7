import { ApiError } from '@atrium/web/api/api-error.ts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { mailApi } from './mail-api.ts';

/**
 * /unsubscribe?token=… from a broadcast mail's footer: opening it changes nothing (mail scanners open links), the
 * button does; no sign-in needed, the signed token is the credential (ADR 0063).
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useMutation({ mutationFn: mailApi.unsubscribe, meta: { silent: true } });
  return (
    <>
      <PageTitle>{t('unsubscribe.title')}</PageTitle>
      {unsubscribe.isSuccess ? (
        <Alert variant="success" data-testid="unsubscribe-done">
          {t('unsubscribe.done', { email: unsubscribe.data.email })}
        </Alert>
      ) : (
        <>
          <p>{t('unsubscribe.question')}</p>
          {unsubscribe.isError && (
            <Alert variant="warning">
              {unsubscribe.error instanceof ApiError && unsubscribe.error.message
                ? unsubscribe.error.message
                : t('unsubscribe.failed')}
            </Alert>
          )}
          <Button disabled={!token || unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
            {t('unsubscribe.confirm')}
          </Button>
        </>
      )}
      <p className="mt-4 small">
        {t('unsubscribe.later')} <Link to="/user">{t('unsubscribe.profile')}</Link>
      </p>
    </>
  );
}
