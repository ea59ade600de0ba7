import { type AdminTask, type TaskPatch, taskPatch } from '@atrium/protocol/community';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from './field-errors.ts';
import { isoToLocal, localToIso } from './local-time.ts';

/** A task's text and due date, edited in place; checked against the server's schema before sending. */
export function TaskEditForm({
  task,
  onSave,
  onCancel,
}: {
  task: AdminTask;
  onSave: (patch: Required<Pick<TaskPatch, 'title' | 'description' | 'due_at'>>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [v, setV] = useState({
    title: task.title,
    description: task.description,
    due: isoToLocal(task.due_at),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = (f: string) => `edit-task-${task.id}-${f}`;
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
        onSave({ title, description, due_at });
      }}
    >
      <h2 className="h6">{t('community.tasks.edit', { title: task.title })}</h2>
      <Form.Group className="mb-2" controlId={id('title')}>
        <Form.Label>{t('community.tasks.title')}</Form.Label>
        <Form.Control
          value={v.title}
          onChange={(e) => setV({ ...v, title: e.target.value })}
          isInvalid={Boolean(errors.title)}
        />
        <Form.Control.Feedback type="invalid">{errors.title}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-2" controlId={id('description')}>
        <Form.Label>{t('community.tasks.description')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={v.description}
          onChange={(e) => setV({ ...v, description: e.target.value })}
          isInvalid={Boolean(errors.description)}
        />
        <Form.Control.Feedback type="invalid">{errors.description}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-2" controlId={id('due')}>
        <Form.Label>{t('community.tasks.due')}</Form.Label>
        <Form.Control
          type="datetime-local"
          value={v.due}
          onChange={(e) => setV({ ...v, due: e.target.value })}
          isInvalid={Boolean(errors.due_at)}
        />
        <Form.Control.Feedback type="invalid">{errors.due_at}</Form.Control.Feedback>
      </Form.Group>
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
