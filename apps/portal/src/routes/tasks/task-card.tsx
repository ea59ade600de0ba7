import type { TaskView } from '@atrium/protocol/tasks';
import { Badge, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../i18n/dates.ts';
import { ReviewBadge } from './review-badge.tsx';
import { useTaskActions } from './use-task-actions.ts';

const stateVariant: Record<TaskView['state'], string> = {
  available: 'primary',
  accepted: 'info',
  completed: 'success',
  expired: 'secondary',
};

/**
 * One task on a board: title → /tasks/{id}, class, deadline, points, and the next step as a button. In a
 * staff preview there is no next step: a preview shows the class as learners will see it and changes nothing
 * (an unpublished task, or any task of an unpublished class, cannot be taken).
 */
export function TaskCard({
  task,
  showClass = true,
  preview = false,
}: {
  task: TaskView;
  showClass?: boolean;
  preview?: boolean;
}) {
  const { t } = useTranslation();
  const { accept, complete } = useTaskActions();
  const busy = accept.isPending || complete.isPending;
  return (
    <Card className="mb-2" data-testid="task-card" data-task-id={task.id} data-state={task.state}>
      <Card.Body className="py-2">
        <div className="d-flex align-items-start justify-content-between gap-2">
          <div className="text-break">
            <Link to={`/tasks/${task.id}`} className="fw-semibold text-decoration-none">
              {task.title}
            </Link>
            {!task.published && (
              <Badge bg="warning" text="dark" className="ms-2">
                {t('training.sidebar.unpublished')}
              </Badge>
            )}
          </div>
          <Badge
            bg={stateVariant[task.state]}
            text={task.state === 'accepted' ? 'dark' : undefined}
            className="flex-shrink-0 mt-1"
          >
            {t(`tasks.state.${task.state}`)}
          </Badge>
        </div>
        <ReviewBadge task={task} />
        <div className="small text-body-secondary">
          {[
            showClass ? task.class_name : null,
            t('tasks.due', { at: formatDateTime(task.due_at) }),
            task.points_awarded !== null
              ? t('tasks.pointsAwarded', { points: task.points_awarded })
              : t('tasks.points', { points: task.points }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </div>
        {preview && (
          <p className="small text-body-secondary mb-0 mt-1" data-testid="task-preview-note">
            {t('tasks.previewNoActions')}
          </p>
        )}
        {!preview && task.state === 'available' && task.published && (
          <Button size="sm" className="mt-2" disabled={busy} onClick={() => accept.mutate(task)}>
            {t('tasks.accept')}
          </Button>
        )}
        {!preview &&
          task.state === 'accepted' &&
          task.review_state !== 'pending' &&
          task.submission_kind !== 'check' && (
            <Link to={`/tasks/${task.id}`} className="btn btn-sm btn-outline-success mt-2">
              {t('tasks.submit.goTo')}
            </Link>
          )}
        {!preview &&
          task.state === 'accepted' &&
          task.review_state !== 'pending' &&
          task.submission_kind === 'check' && (
            <Button
              size="sm"
              variant="success"
              className="mt-2"
              disabled={busy}
              onClick={() => complete.mutate(task)}
            >
              {t(task.review ? 'tasks.submit.sendForReview' : 'tasks.complete')}
            </Button>
          )}
      </Card.Body>
    </Card>
  );
}
