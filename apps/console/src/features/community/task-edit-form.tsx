import { type AdminTask, type TaskPatch, taskPatch } from '@atrium/protocol/community';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from './field-errors.ts';
import { isoToLocal, localToIso } from './local-time.ts';
import { TaskReviewFields } from './task-review-fields.tsx';
import { TaskTextFields } from './task-text-fields.tsx';

/** A task's text and due date, edited in place; checked against the server's schema before sending. */
export function TaskEditForm({
  task,
  onSave,
  onCancel,
}: {
  task: AdminTask;
  onSave: (
    patch: Required<Pick<TaskPatch, 'title' | 'description' | 'due_at' | 'submission_kind' | 'review'>>,
  ) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [v, setV] = useState({
    title: task.title,
    description: task.description,
    due: isoToLocal(task.due_at),
    submission_kind: task.submission_kind,
    review: task.review,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <Form
      noValidate
      data-testid="edit-task"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = taskPatch
          .required({ title: true, description: true, due_at: true })
          .safeParse({ title: v.title, description: v.description, due_at: localToIso(v.due) });
        if (!parsed.success) {
          setErrors(fieldErrors(parsed.error));
          return;
        }
        setErrors({});
        const { title, description, due_at } = parsed.data;
        onSave({ title, description, due_at, submission_kind: v.submission_kind, review: v.review });
      }}
    >
      <h2 className="h6">{t('community.tasks.edit', { title: task.title })}</h2>
      <TaskTextFields
        idPrefix={`edit-task-${task.id}`}
        value={v}
        onChange={(patch) => setV({ ...v, ...patch })}
        errors={errors}
      />
      <TaskReviewFields
        idPrefix={`edit-task-${task.id}`}
        value={v}
        onChange={(patch) => setV({ ...v, ...patch })}
      />
      <div className="d-flex gap-2">
        <Button type="submit" size="sm">
          {t('community.save')}
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onCancel}>
          {t('community.cancel')}
        </Button>
      </div>
    </Form>
  );
}
