import type { ClassSession, ClassSummary } from '@atrium/protocol/training';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailure } from '../../components/load-failure.tsx';
import { SkeletonLines } from '../../components/skeleton-lines.tsx';
import { formatDateTime } from '../../i18n/dates.ts';
import { useAllTasks } from '../tasks/use-all-tasks.ts';
import { ProgressMeter } from '../training/progress-meter.tsx';
import { trainingApi, trainingKeys } from '../training/training-api.ts';
import { useUnreadCount } from '../user/user-queries.ts';

/** Tasks due within this many days count as 「即將到期」. */
const DUE_SOON_DAYS = 7;

/** What a learner needs first: the next session, tasks due soon, progress per class, unread messages. */
export function DashboardCards() {
  const { t } = useTranslation();
  const classes = useQuery({
    queryKey: trainingKeys.classes(1),
    queryFn: ({ signal }) => trainingApi.classes(1, signal),
  });
  const tasks = useAllTasks();
  const unread = useUnreadCount();
  const next = nextSession(classes.data?.items ?? []);
  const horizon = Date.now() + DUE_SOON_DAYS * 86_400_000;
  const dueSoon = [...(tasks.data?.accepted ?? []), ...(tasks.data?.available ?? [])]
    .filter((task) => Date.parse(task.due_at) <= horizon)
    .sort((a, b) => a.due_at.localeCompare(b.due_at))
    .slice(0, 5);

  return (
    <div className="row g-3">
      <DashboardCard id="dash-next" testId="dash-next-session" title={t('dashboardCards.nextSession')}>
        {/* The empty state only once the answer says so; before it, placeholders; after a failure, a retry. */}
        {classes.isPending ? (
          <SkeletonLines testId="dash-next-skeleton" />
        ) : classes.isError ? (
          <LoadFailure
            error={classes.error}
            onRetry={classes.refetch}
            retrying={classes.isFetching}
            testId="dash-next-failure"
          />
        ) : next ? (
          <>
            <p className="mb-1 fw-semibold">{next.session.title}</p>
            <p className="small text-body-secondary mb-2">
              {next.cls.name} · {formatDateTime(next.session.starts_at)}
            </p>
            <Link to={`/training/${next.cls.id}`} className="btn btn-primary btn-sm">
              {t('training.checkIn')}
            </Link>
          </>
        ) : (
          <p className="small text-body-secondary">{t('dashboardCards.noSession')}</p>
        )}
      </DashboardCard>
      <DashboardCard id="dash-unread" testId="dash-unread" title={t('dashboardCards.unread')}>
        <p className="display-6 mb-2" data-testid="dash-unread-count">
          {unread ?? '–'}
        </p>
        <Link to="/user/messages">{t('dashboardCards.readMessages')}</Link>
      </DashboardCard>
      <DashboardCard
        id="dash-due"
        testId="dash-due-soon"
        title={t('dashboardCards.dueSoon', { days: DUE_SOON_DAYS })}
      >
        {tasks.isPending ? (
          <SkeletonLines lines={3} testId="dash-due-skeleton" />
        ) : tasks.isError ? (
          <LoadFailure
            error={tasks.error}
            onRetry={tasks.refetch}
            retrying={tasks.isFetching}
            testId="dash-due-failure"
          />
        ) : dueSoon.length === 0 ? (
          <p className="small text-body-secondary">{t('dashboardCards.nothingDue')}</p>
        ) : (
          <ul className="list-unstyled mb-2">
            {dueSoon.map((task) => (
              <li key={task.id} className="mb-1" data-testid="dash-due-task" data-state={task.state}>
                <Link to={`/tasks/${task.id}`}>{task.title}</Link>{' '}
                <span className="small text-body-secondary">
                  {formatDateTime(task.due_at)} · {t(`tasks.state.${task.state}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link to="/tasks/my">{t('dashboardCards.allTasks')}</Link>
      </DashboardCard>
      <DashboardCard id="dash-progress" testId="dash-progress" title={t('dashboardCards.progress')}>
        {classes.isPending && <SkeletonLines testId="dash-progress-skeleton" />}
        {classes.isError && (
          <LoadFailure error={classes.error} onRetry={classes.refetch} retrying={classes.isFetching} />
        )}
        {classes.data?.items.length === 0 && (
          <p className="small text-body-secondary">{t('training.noClasses')}</p>
        )}
        {classes.data?.items.map((cls) => (
          <div key={cls.id} className="mb-2">
            <Link to={`/training/${cls.id}/board`} className="small">
              {cls.name}
            </Link>
            <ProgressMeter
              percent={cls.progress.percent}
              label={t('training.progressLabel', { name: cls.name })}
              testId={`dash-progress-${cls.id}`}
            />
          </div>
        ))}
      </DashboardCard>
    </div>
  );
}

/** One card of the dashboard grid: a section named by its heading. */
function DashboardCard(props: { id: string; testId: string; title: string; children: ReactNode }) {
  return (
    <section className="col-12 col-md-6" aria-labelledby={props.id}>
      <Card className="h-100" data-testid={props.testId}>
        <Card.Body>
          <h2 id={props.id} className="h5">
            {props.title}
          </h2>
          {props.children}
        </Card.Body>
      </Card>
    </section>
  );
}

function nextSession(classes: ClassSummary[]): { cls: ClassSummary; session: ClassSession } | null {
  let best: { cls: ClassSummary; session: ClassSession } | null = null;
  for (const cls of classes) {
    const session = cls.next_session;
    if (session && (!best || session.starts_at < best.session.starts_at)) best = { cls, session };
  }
  return best;
}
