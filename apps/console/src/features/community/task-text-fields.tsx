import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export interface TaskText {
  title: string;
  description: string;
  /** `datetime-local` value, in the admin's time zone. */
  due: string;
}

/** A task's title, description and due date: the fields the new-task and edit-task forms share. */
export function TaskTextFields({
  idPrefix,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  value: TaskText;
  onChange: (patch: Partial<TaskText>) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Group className="mb-2" controlId={`${idPrefix}-title`}>
        <Form.Label>{t('community.tasks.title')}</Form.Label>
        <Form.Control
          value={value.title}
          onChange={(e) => onChange({ title: e.target.value })}
          isInvalid={Boolean(errors.title)}
        />
        <Form.Control.Feedback type="invalid">{errors.title}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${idPrefix}-description`}>
        <Form.Label>{t('community.tasks.description')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={value.description}
          onChange={(e) => onChange({ description: e.target.value })}
          isInvalid={Boolean(errors.description)}
        />
        <Form.Control.Feedback type="invalid">{errors.description}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${idPrefix}-due`}>
        <Form.Label>{t('community.tasks.due')}</Form.Label>
        <Form.Control
          type="datetime-local"
          value={value.due}
          onChange={(e) => onChange({ due: e.target.value })}
          isInvalid={Boolean(errors.due_at)}
        />
        <Form.Control.Feedback type="invalid">{errors.due_at}</Form.Control.Feedback>
      </Form.Group>
    </>
  );
}
