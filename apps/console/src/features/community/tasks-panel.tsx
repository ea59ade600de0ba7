import type { AdminTask, TaskPatch } from '@atrium/protocol/community';
import { newTaskBody } from '@atrium/protocol/tasks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Badge, Button, Col, Form, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { communityApi } from './community-api.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { fieldErrors } from './field-errors.ts';
import { formatTime, localToIso } from './local-time.ts';
import { TaskEditForm } from './task-edit-form.tsx';
import { TaskReviewFields, type TaskReviewSettings } from './task-review-fields.tsx';
import { TaskTextFields } from './task-text-fields.tsx';
import { useIsAdmin } from './use-is-admin.ts';
import { useOptimisticItem } from './use-optimistic-item.ts';

/** Tasks of the class: due dates, draft or published, and who accepted and completed each. */
export function TasksPanel({ classId }: { classId: string }) {
  const { t, i18n } = useTranslation();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const key = ['community', 'tasks', classId];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => communityApi.tasks(classId, signal) });
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  // Text and due date show at once: what the admin typed is what the server keeps (or it rolls back).
  const edit = useOptimisticItem<AdminTask, TaskPatch>(key, communityApi.updateTask);
  const publish = useMutation({
    mutationFn: ({ id, published }: { id: string; published: boolean }) =>
      communityApi.updateTask(id, { published }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const remove = useMutation({
    mutationFn: communityApi.deleteTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  if (!query.data) return <Spinner animation="border" role="status" aria-label={t('app.loading')} />;
  return (
    <Row className="g-4">
      <Col lg={isAdmin ? 8 : 12}>
        <Table responsive data-testid="task-table">
          <thead>
            <tr>
              <th scope="col">{t('community.tasks.title')}</th>
              <th scope="col">{t('community.tasks.due')}</th>
              <th scope="col">{t('community.tasks.accepted')}</th>
              <th scope="col">{t('community.tasks.completed')}</th>
              <th scope="col">{t('community.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.items.map((task) => (
              <Fragment key={task.id}>
                <tr>
                  <td>
                    {task.title}{' '}
                    {!task.published && (
                      <Badge bg="warning" text="dark">
                        {t('community.status.draft')}
                      </Badge>
                    )}
                    <div className="small text-body-secondary" data-testid="task-kind">
                      {t(`community.tasks.kinds.${task.submission_kind}`)}
                      {task.review && ` · ${t('community.tasks.reviewed')}`}
                      {task.pending > 0 && (
                        <Badge bg="warning" text="dark" className="ms-1" data-testid="task-pending">
                          {t('community.tasks.pending', { count: task.pending })}
                        </Badge>
                      )}
                    </div>
                    {open === task.id && <TaskProgress taskId={task.id} />}
                  </td>
                  <td>{formatTime(task.due_at, i18n.language)}</td>
                  <td data-testid="task-accepted">{task.accepted}</td>
                  <td data-testid="task-completed">{task.completed}</td>
                  <td className="d-flex flex-wrap gap-1">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      aria-expanded={open === task.id}
                      onClick={() => setOpen(open === task.id ? null : task.id)}
                    >
                      {t('community.tasks.who')}
                    </Button>
                    {isAdmin && (
                      <>
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          onClick={() => publish.mutate({ id: task.id, published: !task.published })}
                        >
                          {task.published ? t('community.class.unpublish') : t('community.class.publish')}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          aria-label={t('community.editItem', { name: task.title })}
                          aria-expanded={editing === task.id}
                          onClick={() => setEditing(editing === task.id ? null : task.id)}
                        >
                          {t('community.edit')}
                        </Button>
                        <ConfirmButton
                          question={t('community.tasks.confirmDelete', { title: task.title })}
                          label={t('community.delete')}
                          onConfirm={() => remove.mutate(task.id)}
                        />
                      </>
                    )}
                  </td>
                </tr>
                {editing === task.id && (
                  <tr>
                    <td colSpan={5}>
                      <TaskEditForm
                        task={task}
                        onCancel={() => setEditing(null)}
                        onSave={(patch) => {
                          setEditing(null);
                          edit.mutate({ id: task.id, patch });
                        }}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </Table>
      </Col>
      {isAdmin && (
        <Col lg={4}>
          <NewTask classId={classId} onDone={() => queryClient.invalidateQueries({ queryKey: key })} />
        </Col>
      )}
    </Row>
  );
}

function TaskProgress({ taskId }: { taskId: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['community', 'task-progress', taskId],
    queryFn: ({ signal }) => communityApi.taskProgress(taskId, signal),
  });
  if (!query.data)
    return <Spinner animation="border" size="sm" role="status" aria-label={t('app.loading')} />;
  return (
    <ul className="small mt-2 mb-0">
      {query.data.items.map((r) => (
        <li key={r.user_id}>
          {r.nickname || r.email}:{' '}
          {r.completed_at
            ? t('community.tasks.completedAt', { at: formatTime(r.completed_at, i18n.language) })
            : r.accepted_at
              ? t('community.tasks.acceptedAt', { at: formatTime(r.accepted_at, i18n.language) })
              : t('community.tasks.notYet')}
          {r.review_state && r.review_state !== 'accepted' && !r.completed_at && (
            <Badge
              bg={r.review_state === 'pending' ? 'warning' : 'secondary'}
              text={r.review_state === 'pending' ? 'dark' : undefined}
              className="ms-1"
            >
              {t(`community.tasks.reviewState.${r.review_state}`)}
            </Badge>
          )}
        </li>
      ))}
    </ul>
  );
}

function NewTask({ classId, onDone }: { classId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState({
    title: '',
    description: '',
    due: '',
    points: '10',
    published: true,
    submission_kind: 'check' as TaskReviewSettings['submission_kind'],
    review: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useMutation({
    mutationFn: (body: Parameters<typeof communityApi.addTask>[1]) => communityApi.addTask(classId, body),
    onSuccess: () => {
      setV({ ...v, title: '', description: '' });
      onDone();
    },
  });
  return (
    <Form
      noValidate
      data-testid="new-task"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = newTaskBody.safeParse({
          title: v.title,
          description: v.description,
          due_at: localToIso(v.due),
          points: Number(v.points),
          published: v.published,
          submission_kind: v.submission_kind,
          review: v.review,
        });
        if (!parsed.success) {
          setErrors(fieldErrors(parsed.error));
          return;
        }
        setErrors({});
        add.mutate(parsed.data);
      }}
    >
      <h2 className="h5">{t('community.tasks.new')}</h2>
      <TaskTextFields
        idPrefix="task"
        value={v}
        onChange={(patch) => setV({ ...v, ...patch })}
        errors={errors}
      />
      <Form.Group className="mb-2" controlId="task-points">
        <Form.Label>{t('community.tasks.points')}</Form.Label>
        <Form.Control
          type="number"
          min={0}
          max={1000}
          value={v.points}
          onChange={(e) => setV({ ...v, points: e.target.value })}
          isInvalid={Boolean(errors.points)}
        />
        <Form.Control.Feedback type="invalid">{errors.points}</Form.Control.Feedback>
      </Form.Group>
      <TaskReviewFields idPrefix="task" value={v} onChange={(patch) => setV({ ...v, ...patch })} />
      <Form.Check
        type="switch"
        id="task-published"
        className="mb-3"
        label={t('community.tasks.publishNow')}
        checked={v.published}
        onChange={(e) => setV({ ...v, published: e.target.checked })}
      />
      <Button type="submit" disabled={add.isPending}>
        {t('community.add')}
      </Button>
    </Form>
  );
}
