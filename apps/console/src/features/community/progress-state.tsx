import type { ReviewState, TaskState } from '@atrium/protocol/tasks';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

type Word = 'completed' | 'expired' | 'available' | 'pending' | 'returned' | 'accepted';

/** The board's state with the review's second word folded in (ADR 0055): what one cell of the report says. */
export function progressWord(state: TaskState, review: ReviewState | null): Word {
  if (state !== 'accepted') return state;
  return review === 'pending' || review === 'returned' ? review : 'accepted';
}

// Each with text dark enough on its background for AA contrast.
const look: Record<Word, { bg: string; text?: 'dark' }> = {
  completed: { bg: 'success' },
  expired: { bg: 'danger' },
  available: { bg: 'light', text: 'dark' },
  pending: { bg: 'warning', text: 'dark' },
  returned: { bg: 'secondary' },
  accepted: { bg: 'primary' },
};

export function ProgressState({ state, review }: { state: TaskState; review: ReviewState | null }) {
  const { t } = useTranslation();
  const word = progressWord(state, review);
  return (
    <Badge bg={look[word].bg} text={look[word].text} className={word === 'available' ? 'border' : undefined}>
      {t(`community.progress.state.${word}`)}
    </Badge>
  );
}

const attendanceLook = { present: 'success', late: 'warning', absent: 'light' } as const;

/** How a learner attended; a session still to come says so instead of 缺席. */
export function AttendanceMark({
  status,
  startsAt,
}: {
  status: 'present' | 'late' | 'absent';
  startsAt: string;
}) {
  const { t } = useTranslation();
  if (status === 'absent' && Date.parse(startsAt) > Date.now())
    return <span className="text-body-secondary">{t('community.progress.upcoming')}</span>;
  return (
    <Badge
      bg={attendanceLook[status]}
      text={status === 'present' ? undefined : 'dark'}
      className={status === 'absent' ? 'border' : undefined}
    >
      {t(`community.progress.attendance.${status}`)}
    </Badge>
  );
}
