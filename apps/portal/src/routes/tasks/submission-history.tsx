import type { TaskSubmission } from '@atrium/protocol/tasks';
import { useQuery } from '@tanstack/react-query';
import { Badge, ListGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/dates.ts';
import { submissionKeys, submissionsApi } from './submissions-api.ts';

const statusVariant: Record<TaskSubmission['status'], string> = {
  pending: 'warning',
  accepted: 'success',
  returned: 'danger',
};

/** Every hand-in on the task, newest first, with what staff said: returned work keeps its feedback. */
export function SubmissionHistory({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: submissionKeys.list(taskId),
    queryFn: ({ signal }) => submissionsApi.list(taskId, signal),
  });
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="submission-history" className="mb-3">
      <h2 id="submission-history" className="h5">
        {t('tasks.history.title')}
      </h2>
      <ListGroup data-testid="submission-history">
        {items.map((s) => (
          <ListGroup.Item key={s.id} data-testid="submission" data-status={s.status}>
            <div className="d-flex justify-content-between gap-2 flex-wrap">
              <span className="small text-body-secondary">
                {t('tasks.history.submittedAt', { at: formatDateTime(s.submitted_at) })}
              </span>
              <Badge bg={statusVariant[s.status]} text={s.status === 'pending' ? 'dark' : undefined}>
                {t(`tasks.history.status.${s.status}`)}
              </Badge>
            </div>
            {s.kind === 'link' && (
              <a href={s.body} target="_blank" rel="noopener noreferrer" className="text-break">
                {s.body}
              </a>
            )}
            {s.kind === 'text' && (
              <p className="mb-1 text-break" style={{ whiteSpace: 'pre-wrap' }}>
                {s.body}
              </p>
            )}
            {s.kind === 'file' && s.file_name && (
              <a href={submissionsApi.fileUrl(s.id)} download={s.file_name}>
                {s.file_name}
              </a>
            )}
            {s.status === 'accepted' && s.points !== null && (
              <p className="mb-1 fw-semibold" data-testid="submission-points">
                {t('tasks.history.points', { points: s.points })}
              </p>
            )}
            {s.feedback && (
              <blockquote className="mb-0 border-start border-3 ps-2" data-testid="submission-feedback">
                <strong>{t('tasks.history.feedback')}</strong>
                <span style={{ whiteSpace: 'pre-wrap' }}>{s.feedback}</span>
              </blockquote>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}
