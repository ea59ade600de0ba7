import { showToast } from '@atrium/web/components/toasts.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { formatDateTime, formatTime } from '../../i18n/dates.ts';
import { trainingApi, trainingKeys } from './training-api.ts';

/** /training/{id}: check-in confirmation. The server decides the window; the button only reflects it. */
export function CheckInPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: trainingKeys.checkIn(id),
    queryFn: ({ signal }) => trainingApi.checkInState(id, signal),
    // The toast says 「404 找不到這個課程」 as on the board (spec 1 §8, issue 36).
    meta: { withStatus: true },
  });
  const checkIn = useMutation({
    mutationFn: () => trainingApi.checkIn(id),
    onSuccess: (next) => {
      queryClient.setQueryData(trainingKeys.checkIn(id), next);
      showToast('success', t('training.checkInDone'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: trainingKeys.checkIn(id) }),
  });
  const data = state.data;
  const session = data?.session;

  return (
    <>
      <PageTitle>{t('training.checkInTitle')}</PageTitle>
      {state.isPending && <Spinner animation="border" role="status" aria-label={t('app.loading')} />}
      {state.isError && (
        <Alert variant="danger">
          {t('training.loadFailed')}{' '}
          <Link className="alert-link" to="/training">
            {t('training.backToList')}
          </Link>
        </Alert>
      )}
      {data && (
        <Card className="mb-3" style={{ maxWidth: 560 }}>
          <Card.Body>
            {session ? (
              <>
                <h2 className="h5" data-testid="session-title">
                  {session.title}
                </h2>
                <p className="mb-1">
                  {t('training.sessionTime', {
                    start: formatDateTime(session.starts_at),
                    end: formatTime(session.ends_at),
                  })}
                </p>
                <p className="small text-body-secondary">
                  {t('training.checkInWindow', {
                    open: formatDateTime(session.check_in_opens_at),
                    close: formatTime(session.check_in_closes_at),
                  })}
                </p>
              </>
            ) : (
              <p>{t('training.noSession')}</p>
            )}
            <p className="fw-semibold" data-testid="check-in-status" role="status">
              {data.has_checked_in && data.checked_in_at
                ? t('training.checkedInAt', { at: formatTime(data.checked_in_at) })
                : t(`training.window.${data.window}`)}
            </p>
            <div className="d-flex flex-wrap gap-2">
              {!data.has_checked_in && (
                <Button disabled={!data.may_check_in || checkIn.isPending} onClick={() => checkIn.mutate()}>
                  {t('training.confirmCheckIn')}
                </Button>
              )}
              <Link to={`/training/${id}/welcome`} className="btn btn-outline-secondary">
                {t('training.welcome')}
              </Link>
              <Link to={`/training/${id}/board`} className="btn btn-outline-primary">
                {t('training.enter')}
              </Link>
            </div>
          </Card.Body>
        </Card>
      )}
    </>
  );
}
