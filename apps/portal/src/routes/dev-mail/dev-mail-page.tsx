import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailure } from '../../components/load-failure.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { SkeletonLines } from '../../components/skeleton-lines.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useDevMail } from './dev-mail-api.ts';

/** /dev/mail: the mails the product wrote instead of sending them (development without SMTP_URL, ADR 0019). */
export function DevMailPage() {
  const { t } = useTranslation();
  const mail = useDevMail();
  return (
    <>
      <PageTitle>{t('devMail.title')}</PageTitle>
      <p className="small text-body-secondary">{t('devMail.intro')}</p>
      <div className="d-flex gap-3 align-items-center mb-3">
        <Button size="sm" variant="outline-primary" onClick={() => mail.refetch()} disabled={mail.isFetching}>
          {t('devMail.refresh')}
        </Button>
        <Link to="/login" className="small">
          {t('devMail.back')}
        </Link>
      </div>
      {mail.isPending && <SkeletonLines lines={4} />}
      {mail.isError && <LoadFailure error={mail.error} onRetry={mail.refetch} retrying={mail.isFetching} />}
      {mail.data?.items.length === 0 && <p>{t('devMail.empty')}</p>}
      {mail.data?.items.map((m) => (
        <Card key={m.id} className="mb-3" data-testid="dev-mail">
          <Card.Body>
            <h2 className="h6 mb-1">{m.subject}</h2>
            <p className="small text-body-secondary mb-2">
              {t('devMail.to', { to: m.to })} · {formatDateTime(m.sent_at)}
            </p>
            <pre className="small mb-0 text-wrap">{m.text}</pre>
          </Card.Body>
        </Card>
      ))}
    </>
  );
}
