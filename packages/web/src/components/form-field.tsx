import type { ComponentProps, ReactNode } from 'react';
import { Form } from 'react-bootstrap';

type Props = Omit<ComponentProps<typeof Form.Control>, 'isInvalid'> & {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
};

/** A labelled input with its hint and its validation message, wired for screen readers. */
export function FormField({ name, label, hint, error, ...control }: Props) {
  const hintId = hint ? `${name}-hint` : undefined;
  const errorId = error ? `${name}-error` : undefined;
  return (
    <Form.Group className="mb-3" controlId={`field-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        name={name}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        {...control}
      />
      {error ? (
        <Form.Control.Feedback type="invalid" id={errorId} data-testid={`error-${name}`}>
          {error}
        </Form.Control.Feedback>
      ) : (
        hint && (
          <Form.Text id={hintId} className="text-body-secondary">
            {hint}
          </Form.Text>
        )
      )}
    </Form.Group>
  );
}
