import { coursePlatformMessages } from '@atrium/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { coursePlatformApi, takeStoredReturn } from './course-platform-api.ts';

const failures: Record<string, string> = {
  denied: coursePlatformMessages.denied,
  state_invalid: coursePlatformMessages.stateInvalid,
  not_bound: coursePlatformMessages.notBound,
  bound_elsewhere: coursePlatformMessages.boundElsewhere,
  unavailable: coursePlatformMessages.unavailable,
};

/**
 * /login/course-platform: where the server sends the browser back from the course platform. On success it
 * goes to the stored redirect type and route (spec 1 §3) with a full load, so the session gate sees the new
 * session; on failure it says why and stays (no loop).
 */
export function CoursePlatformReturnPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = params.get('error');
  const platforms = useQuery({
    queryKey: ['course-platforms'],
    queryFn: ({ signal }) => coursePlatformApi.platforms(signal),
    enabled: !error,
    meta: { silent: true },
  });
  useEffect(() => {
    if (error || platforms.isPending) return;
    location.replace(takeStoredReturn(platforms.data?.platforms[0]?.school_url));
  }, [error, platforms.isPending, platforms.data]);

  return (
    <>
      <PageTitle>{t('coursePlatform.title')}</PageTitle>
      {error ? (
        <>
          <Alert variant="warning" data-testid="course-platform-error">
            {failures[error] ?? coursePlatformMessages.unavailable}
          </Alert>
          <Link to="/login">{t('oidc.backToLogin')}</Link>
        </>
      ) : (
        <div className="d-flex justify-content-center py-4">
          <Spinner animation="border" role="status">
            <span className="visually-hidden">{t('app.loading')}</span>
          </Spinner>
        </div>
      )}
    </>
  );
}
