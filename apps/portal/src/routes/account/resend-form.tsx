import { EmailField } from '@atrium/web/components/form/email-field.tsx';
import { SubmitForm } from '@atrium/web/components/form/submit-form.tsx';
import { useZodForm } from '@atrium/web/components/form/use-zod-form.ts';
import { useMutation } from '@tanstack/react-query';
import { Alert } from 'react-bootstrap';
import { emailForm } from './form-schemas.ts';

/** An e-mail form that asks the server to mail something and then says it was sent (same answer for all). */
export function EmailRequestForm({
  send,
  submitLabel,
  sentMessage,
  defaultEmail = '',
}: {
  send: (email: string) => Promise<{ email: string }>;
  submitLabel: string;
  sentMessage: (email: string) => string;
  defaultEmail?: string;
}) {
  const form = useZodForm(emailForm, { email: defaultEmail });
  const request = useMutation({ mutationFn: send });

  return (
    <>
      {request.isSuccess && (
        <Alert variant="success" role="status" data-testid="sent">
          {sentMessage(request.data.email)}
        </Alert>
      )}
      <SubmitForm
        form={form}
        onValid={({ email }) => request.mutate(email)}
        disabled={request.isPending}
        submitLabel={submitLabel}
      >
        <EmailField />
      </SubmitForm>
    </>
  );
}
