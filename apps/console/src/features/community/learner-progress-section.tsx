import { useQuery } from '@tanstack/react-query';
import { Card, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTaipei } from '../../components/taipei-time.ts';
import { progressApi } from './progress-api.ts';
import { AttendanceMark, ProgressState } from './progress-state.tsx';

/** The learner page's 學習進度: each class with its tasks' states and points and the learner's attendance (ADR 0062). */
export function LearnerProgressSection({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['community', 'learner-progress', userId],
    queryFn: ({ signal }) => progressApi.learner(userId, signal),
  });
  const when = (iso: string | null) => formatTaipei(iso, i18n.language);
  return (
    <section aria-labelledby="learner-progress" className="mb-4" data-testid="learner-progress">
      <h2 id="learner-progress" className="h5">
        {t('community.progress.learnerTitle')}
      </h2>
      {!query.data ? (
        <Spinner animation="border" role="status" aria-label={t('app.loading')} />
      ) : query.data.classes.length === 0 ? (
        <p className="text-body-secondary">{t('community.progress.noClasses')}</p>
      ) : (
        query.data.classes.map((c) => (
          <Card key={c.class_id} className="mb-3" as="section" aria-labelledby={`progress-${c.class_id}`}>
            <Card.Header>
              <h3 id={`progress-${c.class_id}`} className="h6 mb-1">
                <Link to={`/classes/${c.class_id}?tab=progress`}>{c.class_name}</Link>
              </h3>
              <span className="small text-body-secondary">
                {t('community.progress.classSummary', {
                  points: c.points,
                  pointsTotal: c.points_total,
                  completed: c.completed,
                  tasks: c.tasks.length,
                  attended: c.attended,
                  held: c.sessions_held,
                })}
              </span>
            </Card.Header>
            <Card.Body className="p-2">
              {c.tasks.length === 0 ? (
                <p className="text-body-secondary small mb-2">{t('community.progress.noTasks')}</p>
              ) : (
                <div className="table-responsive">
                  <Table size="sm" className="small mb-2">
                    <caption className="visually-hidden">
                      {t('community.progress.tasksOf', { name: c.class_name })}
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('community.progress.task')}</th>
                        <th scope="col">{t('community.progress.state.title')}</th>
                        <th scope="col">{t('community.progress.points')}</th>
                        <th scope="col">{t('community.progress.lastActivity')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {c.tasks.map((task) => (
                        <tr key={task.id}>
                          <th scope="row" className="fw-normal">
                            {task.title}
                          </th>
                          <td>
                            <ProgressState state={task.state} review={task.review_state} />
                          </td>
                          <td>
                            {t('community.progress.pointsOf', {
                              points: task.points_earned,
                              total: task.points,
                            })}
                          </td>
                          <td className="text-nowrap">{when(task.last_activity_at)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </div>
              )}
              {c.sessions.length > 0 && (
                <ul className="list-unstyled small mb-0 d-flex flex-wrap gap-3">
                  {c.sessions.map((s) => (
                    <li key={s.id}>
                      {s.title} · {when(s.starts_at)}{' '}
                      <AttendanceMark status={s.status} startsAt={s.starts_at} />
                    </li>
                  ))}
                </ul>
              )}
            </Card.Body>
          </Card>
        ))
      )}
    </section>
  );
}
