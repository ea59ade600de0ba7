import type { TaskView } from '@atrium/protocol/tasks';
import { Badge, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../training/format.ts';
import { useTaskActions } from './use-task-actions.ts';

const stateVariant: Record<TaskView['state'], string> = {
  available: 'primary',
  accepted: 'info',
  completed: 'success',
  expired: 'secondary',
};

/** One task on a board: title → /tasks/{id}, class, deadline, points, and the next step as a button. */
export function TaskCard({ task, showClass = true }: { task: TaskView; showClass?: boolean }) {
  const { t } = useTranslation();
  const { accept, complete } = useTaskActions();
  const busy = accept.isPending || complete.isPending;
  return (
    <Card className="mb-2" data-testid="task-card" data-task-id={task.id} data-state={task.state}>
      <Card.Body className="py-2">
        <div className="d-flex flex-wrap align-items-start gap-2">
          <div className="flex-grow-1">
            <Link to={`/tasks/${task.id}`} className="fw-semibold text-decoration-none">
              {task.title}
            </Link>
            {!task.published && (
              <Badge bg="warning" text="dark" className="ms-2">
                {t('training.sidebar.unpublished')}
              </Badge>
            )}
            <div className="small text-body-secondary">
              {showClass && <span className="me-2">{task.class_name}</span>}
              <span className="me-2">{t('tasks.due', { at: formatDateTime(task.due_at) })}</span>
              <span>{t('tasks.points', { points: task.points })}</span>
            </div>
          </div>
          <Badge
            bg={stateVariant[task.state]}
            text={task.state === 'accepted' ? 'dark' : undefined}
            className="align-self-center"
          >
            {t(`tasks.state.${task.state}`)}
          </Badge>
          {task.state === 'available' && task.published && (
            <Button size="sm" disabled={busy} onClick={() => accept.mutate(task)}>
              {t('tasks.accept')}
            </Button>
          )}
          {task.state === 'accepted' && (
            <Button size="sm" variant="success" disabled={busy} onClick={() => complete.mutate(task)}>
              {t('tasks.complete')}
            </Button>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
