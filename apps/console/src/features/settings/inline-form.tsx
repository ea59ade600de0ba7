import { type ReactNode, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export interface InlineField {
  name: string;
  label: string;
  type?: 'text' | 'number';
  /** A zh-TW message when the value is not acceptable, else null (checked as the user types). */
  check: (value: string) => string | null;
}

/** A small form of text fields checked on input, submitting only when every field passes. */
export function InlineForm({
  id,
  fields,
  submitLabel,
  onSubmit,
  children,
}: {
  id: string;
  fields: InlineField[];
  submitLabel: string;
  onSubmit: (values: Record<string, string>) => Promise<unknown>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const initial = Object.fromEntries(fields.map((f) => [f.name, '']));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const problems = Object.fromEntries(fields.map((f) => [f.name, f.check(values[f.name] ?? '')]));
  return (
    <Form
      noValidate
      data-testid={id}
      onSubmit={async (e) => {
        e.preventDefault();
        setTouched(Object.fromEntries(fields.map((f) => [f.name, true])));
        if (Object.values(problems).some(Boolean)) return;
        setBusy(true);
        try {
          await onSubmit(values);
          setValues(initial);
          setTouched({});
        } finally {
          setBusy(false);
        }
      }}
    >
      {fields.map((f) => (
        <Form.Group className="mb-2" controlId={`${id}-${f.name}`} key={f.name}>
          <Form.Label>{f.label}</Form.Label>
          <Form.Control
            type={f.type ?? 'text'}
            value={values[f.name]}
            onChange={(e) => {
              setValues({ ...values, [f.name]: e.target.value });
              setTouched({ ...touched, [f.name]: true });
            }}
            isInvalid={Boolean(touched[f.name] && problems[f.name])}
          />
          <Form.Control.Feedback type="invalid">{problems[f.name]}</Form.Control.Feedback>
        </Form.Group>
      ))}
      {children}
      <Button type="submit" disabled={busy}>
        {submitLabel || t('settings.add')}
      </Button>
    </Form>
  );
}

/** A field that must not be blank. */
export const requiredField = (name: string, label: string, message: string): InlineField => ({
  name,
  label,
  check: (v) => (v.trim() ? null : message),
});
