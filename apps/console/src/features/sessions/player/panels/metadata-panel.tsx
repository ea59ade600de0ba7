import { useTranslation } from 'react-i18next';
import type { SessionDetail } from '../../sessions-api.ts';
import type { TabRecording } from '../recording.ts';

/** Who the learner is and what they used: from the session summary and the tab's own metadata. */
export function MetadataPanel({ session, tab }: { session: SessionDetail; tab: TabRecording }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [
      t('meta.learner'),
      session.learnerNickname
        ? `${session.learnerNickname} <${session.learnerEmail}>`
        : (session.userId ?? '—'),
    ],
    [t('meta.browser'), session.userBrowser],
    [t('meta.os'), session.userOS],
    [t('meta.device'), session.userDevice],
    [t('meta.screen'), `${session.width} × ${session.height}`],
    [
      t('meta.location'),
      [session.userCountry, session.userState, session.userCity].filter(Boolean).join(' ') || '—',
    ],
    [t('meta.timezone'), session.timezone],
    [t('meta.tracker'), session.trackerVersion],
    ...Object.entries(tab.metadata),
  ];
  return (
    <dl className="row small mb-0" data-testid="metadata">
      {rows.map(([k, v]) => (
        <div key={k} className="col-6 d-flex gap-2">
          <dt className="fw-normal text-body-secondary">{k}</dt>
          <dd className="mb-1 text-break">{v || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
