import { useTranslation } from 'react-i18next';
import type { SessionDetail } from '../../sessions-api.ts';
import type { TabRecording } from '../recording.ts';

/** Who the learner is and what they used: from the session summary and the tab's own metadata. */
export function MetadataPanel({ session, tab }: { session: SessionDetail; tab: TabRecording }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [
      t('meta.learner'),
      session.learner_nickname
        ? `${session.learner_nickname} <${session.learner_email}>`
        : (session.user_id ?? '—'),
    ],
    [t('meta.browser'), session.user_browser],
    [t('meta.os'), session.user_os],
    [t('meta.device'), session.user_device],
    [t('meta.screen'), `${session.width} × ${session.height}`],
    [
      t('meta.location'),
      [session.user_country, session.user_state, session.user_city].filter(Boolean).join(' ') || '—',
    ],
    [t('meta.timezone'), session.timezone],
    [t('meta.tracker'), session.tracker_version],
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
