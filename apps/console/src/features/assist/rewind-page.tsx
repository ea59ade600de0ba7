import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SessionPage } from '../sessions/session-page.tsx';

/** How far back 「回看前一分鐘」 opens the recording (issue 21). */
export const REWIND_MS = 60_000;

/** The rewind address of a live session: its recording so far, a minute back, on the watched tab. */
export function rewindPath(projectKey: string, sessionId: string, tabId: string | null): string {
  const query = new URLSearchParams({ at: String(Date.now() - REWIND_MS) });
  if (tabId) query.set('tab', tabId);
  return `/assist/${encodeURIComponent(projectKey)}/${sessionId}/rewind?${query}`;
}

/**
 * /console/assist/:projectKey/:id/rewind?at=epoch ms — a live session's recording so far in the replay player
 * (what the tracker has uploaded up to now), opened a minute back, with 「回到即時」 to the live view again.
 * The player is the sessions feature's own page, reached by the same `id` and `at` (ADR 0047, 0065).
 */
export function RewindPage() {
  const { t } = useTranslation();
  const { projectKey = '', id = '' } = useParams();
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <Link className="btn btn-primary" to={`/assist/${encodeURIComponent(projectKey)}/${id}`}>
          {t('assist.backToLive')}
        </Link>
        <span className="small text-body-secondary">{t('assist.rewindNote')}</span>
      </div>
      <SessionPage />
    </>
  );
}
