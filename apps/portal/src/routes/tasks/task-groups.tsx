import type { TaskBoard } from '@atrium/protocol/tasks';
import { useTranslation } from 'react-i18next';
import { TaskCard } from './task-card.tsx';

type Group = keyof TaskBoard;

/** The board's groups as sections with headings and counts, so each group is a landmark for screen readers. */
export function TaskGroups({
  board,
  groups,
  showClass = true,
  preview = false,
}: {
  board: Partial<TaskBoard>;
  groups: Group[];
  showClass?: boolean;
  /** Staff previewing a class: tasks are shown, never taken (see TaskCard). */
  preview?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="row g-3">
      {groups.map((group) => {
        const items = board[group] ?? [];
        const headingId = `task-group-${group}`;
        return (
          <section
            key={group}
            className="col-12 col-lg-6"
            aria-labelledby={headingId}
            data-testid={`group-${group}`}
          >
            <h2 id={headingId} className="h5">
              {t(`tasks.group.${group}`)} <span className="badge text-bg-light">{items.length}</span>
            </h2>
            {items.length === 0 ? (
              <p className="text-body-secondary small">{t('tasks.empty')}</p>
            ) : (
              items.map((task) => (
                <TaskCard key={task.id} task={task} showClass={showClass} preview={preview} />
              ))
            )}
          </section>
        );
      })}
    </div>
  );
}
