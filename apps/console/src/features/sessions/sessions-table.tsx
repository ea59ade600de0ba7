import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatClock, formatMoment } from './format.ts';
import { ImpersonatedBadge } from './impersonated-badge.tsx';
import { ClaimedMark, learnerIdOf } from './learner-identity.tsx';
import type { SessionRow } from './sessions-api.ts';

/** Rows of sessions, each opening the player. */
export function SessionsTable({ sessions }: { sessions: SessionRow[] }) {
  const { t, i18n } = useTranslation();
  if (sessions.length === 0) return <p className="text-body-secondary">{t('sessions.empty')}</p>;
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
        </tr>
      </thead>
      <tbody>
        {sessions.map((s) => (
          <tr key={s.id}>
            <td>
              <Link to={`/sessions/${s.id}`}>{formatMoment(s.started_at, i18n.language)}</Link>
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
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
