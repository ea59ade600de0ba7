import type { TaskView } from '@atrium/protocol/tasks';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** 審核中 / 需修改 beside a reviewed task still in progress; nothing otherwise (the state badge says it). */
export function ReviewBadge({ task }: { task: TaskView }) {
  const { t } = useTranslation();
  if (task.state !== 'accepted' || !task.review_state || task.review_state === 'accepted') return null;
  return (
    <Badge
      bg={task.review_state === 'pending' ? 'warning' : 'danger'}
      text={task.review_state === 'pending' ? 'dark' : undefined}
      className="ms-1"
      data-testid="review-state"
    >
      {t(`tasks.review.${task.review_state}`)}
    </Badge>
  );
}
