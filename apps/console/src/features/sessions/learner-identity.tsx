import { useTranslation } from 'react-i18next';
import type { SessionRow } from './sessions-api.ts';

type Identity = Pick<SessionRow, 'userId' | 'verifiedUserId'>;

/**
 * Says how far the recording's learner can be believed (ADR 0045): an id only the page claimed is marked
 * 未驗證, and a claim that differs from the verified learner is shown beside it. Nothing for a verified one.
 */
export function ClaimedMark({ session }: { session: Identity }) {
  const { t } = useTranslation();
  if (!session.userId) return null;
  if (!session.verifiedUserId) {
    return (
      <span
        className="badge text-bg-secondary ms-2"
        title={t('sessions.claimedHint')}
        data-testid="claimed-badge"
      >
        {t('sessions.claimed')}
      </span>
    );
  }
  if (session.userId === session.verifiedUserId) return null;
  return (
    <span className="small text-body-secondary ms-2" data-testid="claimed-other">
      {t('sessions.claimedOther', { id: session.userId })}
    </span>
  );
}

/** The learner a recording's sessions page links to: the verified one, else the claimed id. */
export const learnerIdOf = (session: Identity) => session.verifiedUserId ?? session.userId;
