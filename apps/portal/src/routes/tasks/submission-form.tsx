import { SUBMISSION_FILE_MAX_BYTES, type TaskSubmitted, type TaskView } from '@atrium/protocol/tasks';
import { showToast } from '@atrium/web/components/toasts.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { taskKeys, trainingKeys } from '../training/training-api.ts';
import { submissionsApi } from './submissions-api.ts';

const MAX_MB = SUBMISSION_FILE_MAX_BYTES / 1024 / 1024;

/** Hand in a link, a text or a file, as the task asks; with review it then waits as 審核中. */
export function SubmissionForm({ task }: { task: TaskView }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const submit = useMutation({
    mutationFn: (): Promise<TaskSubmitted> =>
      task.submission_kind === 'file'
        ? submissionsApi.submitFile(task.class_id, task.id, file!)
        : submissionsApi.submit(
            task.class_id,
            task.id,
            task.submission_kind === 'link' ? { link: value.trim() } : { text: value },
          ),
    onSuccess: async (result) => {
      setValue('');
      setFile(null);
      showToast(
        'success',
        t(task.review ? 'tasks.submit.sentForReview' : 'tasks.completedToast', { title: task.title }),
      );
      if (result.certificate_verification_id) showToast('success', t('tasks.certificateIssued'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: taskKeys.all }),
        queryClient.invalidateQueries({
          queryKey: trainingKeys.all,
          predicate: (q) => q.queryKey[1] !== 'content',
        }),
      ]);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (task.submission_kind === 'file') {
      if (!file) return setProblem(t('tasks.submit.chooseFile'));
      if (file.size > SUBMISSION_FILE_MAX_BYTES)
        return setProblem(t('tasks.submit.fileTooLarge', { mb: MAX_MB }));
    } else if (!value.trim()) {
      return setProblem(
        t(task.submission_kind === 'link' ? 'tasks.submit.enterLink' : 'tasks.submit.enterText'),
      );
    }
    setProblem('');
    submit.mutate();
  };
  const label = t(`tasks.submit.label.${task.submission_kind}`);
  return (
    <Form noValidate onSubmit={onSubmit} className="mb-3" data-testid="submission-form">
      <Form.Group className="mb-2" controlId={id}>
        <Form.Label>{label}</Form.Label>
        {task.submission_kind === 'link' && (
          <Form.Control
            type="url"
            inputMode="url"
            placeholder="https://"
            value={value}
            isInvalid={!!problem}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        {task.submission_kind === 'text' && (
          <Form.Control
            as="textarea"
            rows={6}
            value={value}
            isInvalid={!!problem}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        {task.submission_kind === 'file' && (
          <>
            <Form.Control
              type="file"
              accept=".pdf,.png,.jpg,.jpeg,.webp,.zip,.docx,.xlsx,.pptx"
              isInvalid={!!problem}
              onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
            />
            <Form.Text>{t('tasks.submit.fileHint', { mb: MAX_MB })}</Form.Text>
          </>
        )}
        <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" disabled={submit.isPending}>
        {t(task.review ? 'tasks.submit.sendForReview' : 'tasks.submit.send')}
      </Button>
    </Form>
  );
}
