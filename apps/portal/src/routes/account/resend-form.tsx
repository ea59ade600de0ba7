import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form-field.tsx';
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
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(emailForm),
    mode: 'onChange',
    defaultValues: { email: defaultEmail },
  });
  const request = useMutation({ mutationFn: send });

  return (
    <>
      {request.isSuccess && (
        <Alert variant="success" role="status" data-testid="sent">
          {sentMessage(request.data.email)}
        </Alert>
      )}
      <Form noValidate onSubmit={form.handleSubmit(({ email }) => request.mutate(email))}>
        <FormField
          label={t('field.email')}
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" className="w-100" disabled={request.isPending}>
          {submitLabel}
        </Button>
      </Form>
    </>
  );
}
