import { classLinkInput } from '@atrium/protocol/community';
import type { ClassLink } from '@atrium/protocol/training';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from './field-errors.ts';

type LinkFields = Pick<ClassLink, 'title' | 'url' | 'description'>;
const fields = ['title', 'url', 'description'] as const;

/**
 * A class link's fields, for adding one (`link` absent) or editing one in place; the same rules as the server
 * (https addresses or portal paths only).
 */
export function LinkForm({
  link,
  submitLabel,
  pending = false,
  onSave,
  onCancel,
}: {
  link?: ClassLink;
  submitLabel: string;
  pending?: boolean;
  /** Resolves when accepted; a new-link form then empties. */
  onSave: (body: LinkFields) => Promise<unknown> | undefined;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const empty = { title: '', url: '', description: '' };
  const [v, setV] = useState<LinkFields>(link ? { ...link } : empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const prefix = link ? `edit-link-${link.id}` : 'link';
  return (
    <Form
      noValidate
      className="w-100"
      data-testid={link ? 'edit-link' : 'new-link'}
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = classLinkInput.safeParse(v);
        if (!parsed.success) {
          setErrors(fieldErrors(parsed.error));
          return;
        }
        setErrors({});
        void onSave(parsed.data)?.then(
          () => !link && setV(empty),
          () => undefined, // the failure is already a toast
        );
      }}
    >
      {fields.map((f) => (
        <Form.Group className="mb-2" controlId={`${prefix}-${f}`} key={f}>
          <Form.Label>{t(`community.links.${f}`)}</Form.Label>
          <Form.Control
            value={v[f]}
            onChange={(e) => setV({ ...v, [f]: e.target.value })}
            isInvalid={Boolean(errors[f])}
          />
          <Form.Control.Feedback type="invalid">{errors[f]}</Form.Control.Feedback>
        </Form.Group>
      ))}
      <div className="d-flex gap-2">
        <Button type="submit" size={link ? 'sm' : undefined} disabled={pending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button size="sm" variant="outline-secondary" onClick={onCancel}>
            {t('community.cancel')}
          </Button>
        )}
      </div>
    </Form>
  );
}
