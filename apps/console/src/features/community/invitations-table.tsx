import type { InvitationStatus } from '@atrium/protocol/invitations';
import { showToast } from '@atrium/web/components/toasts.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from './confirm-button.tsx';
import { invitationsApi } from './invitations-api.ts';
import { formatTime } from './local-time.ts';

const badge: Record<InvitationStatus, { bg: string; text?: 'dark' }> = {
  pending: { bg: 'info', text: 'dark' },
  expired: { bg: 'warning', text: 'dark' },
  used: { bg: 'success' },
  revoked: { bg: 'secondary' },
};

export const invitationsKey = (classId: string) => ['community', 'invitations', classId];

/** A class's invitations with their status; admins resend (pending or expired) and revoke (not yet used). */
export function InvitationsTable({ classId, isAdmin }: { classId: string; isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const key = invitationsKey(classId);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => invitationsApi.list(classId, signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const resend = useMutation({
    mutationFn: (id: string) => invitationsApi.resend(classId, id),
    onSuccess: (v) => {
      showToast('success', t('community.members.resent', { email: v.email }));
      void refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => invitationsApi.revoke(classId, id),
    onSuccess: refresh,
  });
  if (query.isPending) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  const items = query.data?.items ?? [];
  return (
    <section className="mt-4" aria-labelledby="invitations-heading">
      <h2 className="h6" id="invitations-heading">
        {t('community.members.invitations')}
      </h2>
      {items.length === 0 ? (
        <p className="text-body-secondary">{t('community.members.noInvitations')}</p>
      ) : (
        <Table size="sm" responsive data-testid="invitation-table">
          <thead>
            <tr>
              <th scope="col">{t('community.members.email')}</th>
              <th scope="col">{t('community.members.invitationStatus')}</th>
              <th scope="col">{t('community.members.expiresAt')}</th>
              <th scope="col">{t('community.members.sentTimes')}</th>
              {isAdmin && <th scope="col">{t('community.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {items.map((inv) => (
              <tr key={inv.id}>
                <td className="text-break">{inv.email}</td>
                <td>
                  <Badge bg={badge[inv.status].bg} text={badge[inv.status].text}>
                    {t(`community.members.state.${inv.status}`)}
                  </Badge>
                </td>
                <td>{formatTime(inv.expires_at, i18n.language)}</td>
                <td>{inv.send_count}</td>
                {isAdmin && (
                  <td className="text-nowrap">
                    {(inv.status === 'pending' || inv.status === 'expired') && (
                      <>
                        <Button
                          size="sm"
                          variant="outline-primary"
                          className="me-1"
                          disabled={resend.isPending}
                          onClick={() => resend.mutate(inv.id)}
                        >
                          {t('community.members.resend')}
                        </Button>
                        <ConfirmButton
                          question={t('community.members.confirmRevoke', { email: inv.email })}
                          label={t('community.members.revoke')}
                          onConfirm={() => revoke.mutate(inv.id)}
                        />
                      </>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
