import { type SubmissionKind, submissionKinds } from '@atrium/protocol/tasks';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export interface TaskReviewSettings {
  submission_kind: SubmissionKind;
  review: boolean;
}

/** What finishing the task takes and whether staff review it (ADR 0055): shared by the new and edit forms. */
export function TaskReviewFields({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: TaskReviewSettings;
  onChange: (patch: Partial<TaskReviewSettings>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Group className="mb-2" controlId={`${idPrefix}-kind`}>
        <Form.Label>{t('community.tasks.kind')}</Form.Label>
        <Form.Select
          value={value.submission_kind}
          onChange={(e) => onChange({ submission_kind: e.target.value as SubmissionKind })}
        >
          {submissionKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`community.tasks.kinds.${kind}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Check
        type="switch"
        id={`${idPrefix}-review`}
        className="mb-2"
        label={t('community.tasks.review')}
        checked={value.review}
        onChange={(e) => onChange({ review: e.target.checked })}
      />
    </>
  );
}
