import type { RecordingMatch } from '@atrium/protocol/recordings';
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatClock, formatMoment } from './format.ts';
import { ImpersonatedBadge } from './impersonated-badge.tsx';
import { ClaimedMark, learnerIdOf } from './learner-identity.tsx';
import type { SessionRow } from './sessions-api.ts';

/** The player at a moment: its tab, at its epoch ms (session-page.tsx turns that into an offset). */
const momentLink = (id: string, m: RecordingMatch) =>
  `/sessions/${id}?tab=${encodeURIComponent(m.tab_id)}&at=${m.at}`;

/** Rows of sessions, each opening the player (at the first matching moment when the search named one). */
export function SessionsTable({ sessions }: { sessions: SessionRow[] }) {
  const { t, i18n } = useTranslation();
  if (sessions.length === 0) return <p className="text-body-secondary">{t('sessions.empty')}</p>;
  const withMatches = sessions.some((s) => s.matches);
  const time = (at: number) =>
    new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium', hour12: false }).format(new Date(at));
  return (
    <Table responsive hover size="sm" className="bg-white align-middle" data-testid="sessions-table">
      <thead>
        <tr>
          <th scope="col">{t('sessions.col.started')}</th>
          <th scope="col">{t('sessions.col.learner')}</th>
          <th scope="col">{t('sessions.col.duration')}</th>
          <th scope="col">{t('sessions.col.pages')}</th>
          <th scope="col">{t('sessions.col.errors')}</th>
          <th scope="col">{t('sessions.col.failed')}</th>
          <th scope="col">{t('sessions.col.device')}</th>
          {withMatches && <th scope="col">{t('sessions.col.matches')}</th>}
        </tr>
      </thead>
      <tbody>
        {sessions.map((s) => (
          <tr key={s.id}>
            <td>
              <Link to={s.matches?.[0] ? momentLink(s.id, s.matches[0]) : `/sessions/${s.id}`}>
                {formatMoment(s.started_at, i18n.language)}
              </Link>
              {!s.ended && <span className="badge text-bg-success ms-2">{t('sessions.live')}</span>}
              {s.impersonated && <ImpersonatedBadge />}
            </td>
            <td>
              {s.learner_nickname
                ? `${s.learner_nickname} (${s.learner_email})`
                : (learnerIdOf(s) ?? t('sessions.anonymous'))}
              <ClaimedMark session={s} />
            </td>
            <td>{formatClock(s.duration_ms)}</td>
            <td>{s.pages}</td>
            <td className={s.errors ? 'text-danger fw-bold' : ''}>{s.errors}</td>
            <td className={s.failed_requests ? 'text-danger fw-bold' : ''}>{s.failed_requests}</td>
            <td>
              {s.user_browser} · {s.user_os}
            </td>
            {withMatches && (
              <td>
                <ul className="list-unstyled small mb-0" aria-label={t('sessions.col.matches')}>
                  {(s.matches ?? []).map((m) => (
                    <li
                      key={`${m.kind}-${m.tab_id}-${m.at}-${m.value}`}
                      className="text-truncate"
                      style={{ maxWidth: '28rem' }}
                    >
                      <Link to={momentLink(s.id, m)}>{time(m.at)}</Link>{' '}
                      <span className="text-body-secondary">{t(`sessions.match.${m.kind}`)}</span>{' '}
                      <span title={m.value}>{m.value}</span>
                    </li>
                  ))}
                </ul>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
