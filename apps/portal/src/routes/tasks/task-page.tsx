import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { DiscussionThread } from '../discussion/discussion-thread.tsx';
import { Markdown } from '../training/markdown.tsx';
import { taskKeys, trainingApi } from '../training/training-api.ts';
import { ReviewBadge } from './review-badge.tsx';
import { SubmissionForm } from './submission-form.tsx';
import { SubmissionHistory } from './submission-history.tsx';
import { TasksNav } from './tasks-nav.tsx';
import { useTaskActions } from './use-task-actions.ts';

/** /tasks/{id}: the task's description, deadline and the next step. */
export function TaskPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: taskKeys.task(id),
    queryFn: ({ signal }) => trainingApi.task(id, signal),
  });
  const { accept, complete } = useTaskActions();
  const task = query.data;
  if (query.isPending) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  if (!task) {
    return (
      <>
        <PageTitle>{t('tasks.detailTitle')}</PageTitle>
        <Alert variant="warning">
          {t('tasks.notFound')}{' '}
          <Link className="alert-link" to="/tasks">
            {t('tasks.backToBoard')}
          </Link>
        </Alert>
      </>
    );
  }
  // A link, a text or a file is handed in through the form; a self-check through 標記完成 (ADR 0055).
  const takesWork = task.submission_kind !== 'check';
  return (
    <>
      <PageTitle>{task.title}</PageTitle>
      <TasksNav />
      <dl className="row">
        <dt className="col-sm-3">{t('tasks.field.class')}</dt>
        <dd className="col-sm-9">
          <Link to={`/training/${task.class_id}/board`}>{task.class_name}</Link>
        </dd>
        <dt className="col-sm-3">{t('tasks.field.due')}</dt>
        <dd className="col-sm-9">{formatDateTime(task.due_at)}</dd>
        <dt className="col-sm-3">{t('tasks.field.points')}</dt>
        <dd className="col-sm-9">
          {task.points_awarded !== null && task.points_awarded !== task.points
            ? t('tasks.pointsAwardedOf', { awarded: task.points_awarded, points: task.points })
            : task.points}
        </dd>
        <dt className="col-sm-3">{t('tasks.field.submission')}</dt>
        <dd className="col-sm-9" data-testid="task-submission-kind">
          {t(`tasks.kind.${task.submission_kind}`)}
          {task.review && ` · ${t('tasks.reviewedByStaff')}`}
        </dd>
        <dt className="col-sm-3">{t('tasks.field.state')}</dt>
        <dd className="col-sm-9">
          <Badge bg="secondary" data-testid="task-state">
            {t(`tasks.state.${task.state}`)}
          </Badge>
          <ReviewBadge task={task} />
        </dd>
      </dl>
      <Markdown text={task.description} />
      {task.review_state === 'pending' && task.state === 'accepted' && (
        <Alert variant="warning" data-testid="review-pending">
          {t('tasks.review.pendingNote')}
        </Alert>
      )}
      {task.review_state === 'returned' && task.state === 'accepted' && (
        <Alert variant="danger" data-testid="review-returned">
          {t('tasks.review.returnedNote')}
        </Alert>
      )}
      {takesWork &&
        task.state !== 'completed' &&
        task.state !== 'expired' &&
        task.review_state !== 'pending' && <SubmissionForm task={task} />}
      <SubmissionHistory taskId={task.id} />
      <div className="d-flex gap-2">
        {task.state === 'available' && (
          <Button disabled={accept.isPending} onClick={() => accept.mutate(task)}>
            {t('tasks.accept')}
          </Button>
        )}
        {task.state === 'accepted' && !takesWork && task.review_state !== 'pending' && (
          <Button variant="success" disabled={complete.isPending} onClick={() => complete.mutate(task)}>
            {t(task.review ? 'tasks.submit.sendForReview' : 'tasks.complete')}
          </Button>
        )}
        <Link to="/tasks" className="btn btn-outline-secondary">
          {t('tasks.backToBoard')}
        </Link>
      </div>
      <DiscussionThread target={{ kind: 'task', classId: task.class_id, taskId: task.id }} />
    </>
  );
}
