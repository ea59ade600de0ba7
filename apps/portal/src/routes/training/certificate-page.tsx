import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import './certificate.css';
import { formatDate } from '../../i18n/dates.ts';
import { trainingApi } from './training-api.ts';

/** /certificates/{verificationId}: public and printable, so anyone handed the id can check it. */
export function CertificatePage() {
  const { t } = useTranslation();
  const { verificationId = '' } = useParams();
  const query = useQuery({
    queryKey: ['certificate', verificationId],
    queryFn: ({ signal }) => trainingApi.verifyCertificate(verificationId, signal),
    meta: { silent: true },
  });
  if (query.isPending) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  if (!query.data) {
    return (
      <>
        <PageTitle>{t('certificate.title')}</PageTitle>
        <Alert variant="danger" data-testid="certificate-invalid">
          {t('certificate.invalid')}
        </Alert>
      </>
    );
  }
  const c = query.data;
  return (
    <>
      <PageTitle>{t('certificate.title')}</PageTitle>
      {c.revoked_at && (
        <Alert variant="danger" data-testid="certificate-revoked">
          {t('certificate.revoked', { date: formatDate(c.revoked_at) })}
        </Alert>
      )}
      <div className="certificate-sheet" data-testid="certificate-sheet">
        <p className="text-uppercase small mb-1">{t('app.name')}</p>
        <p className="h4 my-3">{t('certificate.heading')}</p>
        <p className="mb-1">{t('certificate.certifies')}</p>
        <p className="display-6 my-2" data-testid="certificate-name">
          {c.learner_name}
        </p>
        <p>{t('certificate.completed', { name: c.class_name })}</p>
        <p className="small mb-0">{t('certificate.issued', { date: formatDate(c.issued_at) })}</p>
        <p className="small text-body-secondary">
          {t('certificate.verification', { id: c.verification_id })}
        </p>
      </div>
      {!c.revoked_at && (
        <Button className="mt-3 no-print" variant="outline-primary" onClick={() => window.print()}>
          {t('certificate.print')}
        </Button>
      )}
    </>
  );
}
