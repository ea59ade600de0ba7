import { type SessionInput, sessionInput } from '@atrium/protocol/community';
import type { ClassSession } from '@atrium/protocol/training';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from './field-errors.ts';
import { isoToLocal, localToIso } from './local-time.ts';

const fields = ['starts_at', 'ends_at', 'check_in_opens_at', 'check_in_closes_at'] as const;
type Field = (typeof fields)[number];

/**
 * A session's title, times, check-in window and live address, checked against the server's own schema
 * before sending. Empty for a new session; filled with `initial` when rescheduling one.
 */
export function SessionForm({
  initial,
  idPrefix,
  testId,
  heading,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial?: ClassSession;
  /** Control ids must be unique on the page: the new-session form and an edited card coexist. */
  idPrefix: string;
  testId: string;
  heading: string;
  submitLabel: string;
  pending: boolean;
  /** Resolves when the server accepted it; the form then empties (new) or closes (edit, by the caller). */
  onSubmit: (body: SessionInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [times, setTimes] = useState<Record<Field, string>>(
    () =>
      Object.fromEntries(fields.map((f) => [f, initial ? isoToLocal(initial[f]) : ''])) as Record<
        Field,
        string
      >,
  );
  const [liveUrl, setLiveUrl] = useState(initial?.live_url ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <Form
      noValidate
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = sessionInput.safeParse({
          title,
          ...Object.fromEntries(fields.map((f) => [f, localToIso(times[f])])),
          live_url: liveUrl.trim() || null,
        });
        if (!parsed.success) {
          setErrors(fieldErrors(parsed.error));
          return;
        }
        setErrors({});
        void onSubmit(parsed.data).then(
          () => {
            if (!initial) setTitle('');
          },
          () => undefined, // the failure is already a toast (query client)
        );
      }}
    >
      <h2 className="h5">{heading}</h2>
      <Form.Group className="mb-2" controlId={`${idPrefix}-title`}>
        <Form.Label>{t('community.sessions.title')}</Form.Label>
        <Form.Control
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          isInvalid={Boolean(errors.title)}
        />
        <Form.Control.Feedback type="invalid">{errors.title}</Form.Control.Feedback>
      </Form.Group>
      {fields.map((f) => (
        <Form.Group className="mb-2" controlId={`${idPrefix}-${f}`} key={f}>
          <Form.Label>{t(`community.sessions.${f}`)}</Form.Label>
          <Form.Control
            type="datetime-local"
            value={times[f]}
            onChange={(e) => setTimes({ ...times, [f]: e.target.value })}
            isInvalid={Boolean(errors[f])}
          />
          <Form.Control.Feedback type="invalid">{errors[f]}</Form.Control.Feedback>
        </Form.Group>
      ))}
      <Form.Group className="mb-3" controlId={`${idPrefix}-live`}>
        <Form.Label>{t('community.sessions.liveUrl')}</Form.Label>
        <Form.Control
          type="url"
          value={liveUrl}
          onChange={(e) => setLiveUrl(e.target.value)}
          isInvalid={Boolean(errors.live_url)}
        />
        <Form.Control.Feedback type="invalid">{errors.live_url}</Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex gap-2">
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="outline-secondary" onClick={onCancel}>
            {t('community.cancel')}
          </Button>
        )}
      </div>
    </Form>
  );
}
