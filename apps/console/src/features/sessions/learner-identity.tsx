import { useTranslation } from 'react-i18next';
import type { SessionRow } from './sessions-api.ts';

type Identity = Pick<SessionRow, 'user_id' | 'verified_user_id'>;

/**
 * Says how far the recording's learner can be believed (ADR 0045): an id only the page claimed is marked
 * 未驗證, and a claim that differs from the verified learner is shown beside it. Nothing for a verified one.
 */
export function ClaimedMark({ session }: { session: Identity }) {
  const { t } = useTranslation();
  if (!session.user_id) return null;
  if (!session.verified_user_id) {
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
  if (session.user_id === session.verified_user_id) return null;
  return (
    <span className="small text-body-secondary ms-2" data-testid="claimed-other">
      {t('sessions.claimedOther', { id: session.user_id })}
    </span>
  );
}

/** The learner a recording's sessions page links to: the verified one, else the claimed id. */
export const learnerIdOf = (session: Identity) => session.verified_user_id ?? session.user_id;
