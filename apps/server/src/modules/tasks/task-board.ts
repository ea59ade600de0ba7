import type { MyTaskBoard, TaskBoard, TaskView } from '@atrium/protocol/tasks';
import type { TaskProgress } from '@atrium/protocol/training';

/** The four groups of the board. Expired tasks come latest-due first: the recent ones matter most. */
export function toBoard(items: TaskView[]): TaskBoard {
  return {
    available: items.filter((t) => t.state === 'available'),
    accepted: items.filter((t) => t.state === 'accepted'),
    completed: items.filter((t) => t.state === 'completed'),
    expired: items.filter((t) => t.state === 'expired').reverse(),
  };
}

export function toMyBoard(items: TaskView[]): MyTaskBoard {
  const board = toBoard(items);
  return { accepted: board.accepted, completed: board.completed };
}

export function toProgress(items: TaskView[]): TaskProgress {
  const board = toBoard(items);
  const total = items.length;
  const points_total = items.reduce((sum, t) => sum + t.points, 0);
  // Only completed work counts, at the points staff gave when they reviewed it (ADR 0055).
  const points_earned = board.completed.reduce((sum, t) => sum + (t.points_awarded ?? t.points), 0);
  return {
    total,
    available: board.available.length,
    accepted: board.accepted.length,
    completed: board.completed.length,
    expired: board.expired.length,
    points_total,
    points_earned,
    percent: total === 0 ? 0 : Math.floor((board.completed.length * 100) / total),
  };
}
