import type { TaskBoard } from '@atrium/protocol/tasks';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/load-failure.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { SkeletonLines } from '../../components/skeleton-lines.tsx';
import { TaskGroups } from './task-groups.tsx';
import { TasksNav } from './tasks-nav.tsx';
import { useAllTasks } from './use-all-tasks.ts';

function TasksScreen({
  title,
  intro,
  groups,
}: {
  title: string;
  intro: string;
  groups: (keyof TaskBoard)[];
}) {
  const board = useAllTasks();
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <TasksNav />
      <p className="text-body-secondary">{intro}</p>
      {board.isPending && <SkeletonLines lines={4} />}
      {board.isError && (
        <LoadFailure error={board.error} onRetry={board.refetch} retrying={board.isFetching} />
      )}
      {board.data && <TaskGroups board={board.data} groups={groups} />}
    </>
  );
}

/** /tasks: the four groups (spec 1 §1). */
export function TasksPage() {
  const { t } = useTranslation();
  return (
    <TasksScreen
      title={t('tasks.title')}
      intro={t('tasks.intro')}
      groups={['available', 'accepted', 'completed', 'expired']}
    />
  );
}

/** /tasks/my: what I took on and what I finished. */
export function MyTasksPage() {
  const { t } = useTranslation();
  return (
    <TasksScreen title={t('tasks.myTitle')} intro={t('tasks.myIntro')} groups={['accepted', 'completed']} />
  );
}

/** /tasks/history: expired tasks. */
export function TaskHistoryPage() {
  const { t } = useTranslation();
  return <TasksScreen title={t('tasks.historyTitle')} intro={t('tasks.historyIntro')} groups={['expired']} />;
}
