import { DISCUSSION_BODY_MAX } from '@atrium/protocol/discussion';
import { type FormEvent, useId, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The one text box of a thread: a new post, a reply or an edit. The server's rules are the same (5 000). */
export function PostForm({
  label,
  submitLabel,
  initial = '',
  pending,
  onSubmit,
  onCancel,
  testId,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  pending: boolean;
  onSubmit: (body: string) => Promise<unknown>;
  onCancel?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [body, setBody] = useState(initial);
  const [problem, setProblem] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return setProblem(t('discussion.enterText'));
    setProblem('');
    // Cleared only once the server took it: a refused post (too fast, class archived) keeps what was typed.
    await onSubmit(body).then(
      () => setBody(''),
      () => undefined,
    );
  };
  return (
    <Form noValidate onSubmit={submit} className="mb-3" data-testid={testId}>
      <Form.Group className="mb-2" controlId={id}>
        <Form.Label className="small">{label}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          maxLength={DISCUSSION_BODY_MAX}
          value={body}
          isInvalid={!!problem}
          onChange={(e) => setBody(e.target.value)}
        />
        <Form.Text>{t('discussion.markdownHint', { max: DISCUSSION_BODY_MAX })}</Form.Text>
        <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="outline-secondary" onClick={onCancel}>
            {t('discussion.cancel')}
          </Button>
        )}
      </div>
    </Form>
  );
}
