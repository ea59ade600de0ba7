import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { communityApi } from './community-api.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { formatTime } from './local-time.ts';
import { useIsAdmin } from './use-is-admin.ts';

/** Certificates: issue them to everyone who completed every task, revoke one, open its public page. */
export function CertificatesPanel({ classId }: { classId: string }) {
  const { t, i18n } = useTranslation();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const key = ['community', 'certificates', classId];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => communityApi.certificates(classId, signal),
  });
  const issue = useMutation({
    mutationFn: () => communityApi.issueCertificates(classId),
    onSuccess: (r) => queryClient.setQueryData(key, { items: r.items }),
  });
  const revoke = useMutation({
    mutationFn: (certId: string) => communityApi.revokeCertificate(classId, certId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  if (!query.data) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  return (
    <>
      {isAdmin && (
        <Button className="mb-3" onClick={() => issue.mutate()} disabled={issue.isPending}>
          {t('community.certificates.issue')}
        </Button>
      )}
      {issue.data && (
        <p role="status" data-testid="issued-count">
          {t('community.certificates.issued', { count: issue.data.issued })}
        </p>
      )}
      <Table responsive data-testid="certificate-table">
        <thead>
          <tr>
            <th scope="col">{t('community.certificates.learner')}</th>
            <th scope="col">{t('community.certificates.issuedAt')}</th>
            <th scope="col">{t('community.certificates.verification')}</th>
            <th scope="col">{t('community.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {query.data.items.map((c) => (
            <tr key={c.id}>
              <td>{c.learner_name}</td>
              <td>{formatTime(c.issued_at, i18n.language)}</td>
              <td>
                <a href={`/certificates/${c.verification_id}`} target="_blank" rel="noopener noreferrer">
                  {c.verification_id}
                </a>
              </td>
              <td>
                {c.revoked_at ? (
                  <Badge bg="danger">{t('community.certificates.revoked')}</Badge>
                ) : (
                  isAdmin && (
                    <ConfirmButton
                      question={t('community.certificates.confirmRevoke', { name: c.learner_name })}
                      label={t('community.certificates.revoke')}
                      onConfirm={() => revoke.mutate(c.id)}
                    />
                  )
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
