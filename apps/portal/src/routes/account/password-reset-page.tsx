import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountApi } from '../../api/account.ts';
import { FormField } from '../../components/form-field.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { newPasswordForm } from './form-schemas.ts';
import { EmailRequestForm } from './resend-form.tsx';

/** /password/reset: ask for the reset mail; the mailed link (?token=) opens the new-password form. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <NewPasswordForm token={token} />;
  return (
    <>
      <PageTitle>{t('reset.title')}</PageTitle>
      <p>{t('reset.intro')}</p>
      <EmailRequestForm
        send={accountApi.requestReset}
        submitLabel={t('reset.submit')}
        sentMessage={(email) => t('reset.sent', { email })}
      />
      <p className="mt-4 small">
        <Link to="/login">{t('reset.back')}</Link>
      </p>
    </>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(newPasswordForm),
    mode: 'onChange',
    defaultValues: { password: '', confirm: '' },
  });
  const errors = form.formState.errors;
  const recheckConfirm = () => form.getValues('confirm') && void form.trigger('confirm');
  const reset = useMutation({
    mutationFn: (password: string) => accountApi.completeReset(token, password),
    onSuccess: () => navigate('/password/setting', { replace: true }),
  });

  return (
    <>
      <PageTitle>{t('reset.newTitle')}</PageTitle>
      {reset.isError && (
        <Alert variant="danger" data-testid="reset-failed">
          {t('reset.failed')} <Link to="/password/reset">{t('reset.again')}</Link>
        </Alert>
      )}
      <Form noValidate onSubmit={form.handleSubmit(({ password }) => reset.mutate(password))}>
        <FormField
          label={t('field.newPassword')}
          hint={t('field.passwordHint')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password', { onChange: recheckConfirm })}
        />
        <FormField
          label={t('field.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...form.register('confirm')}
        />
        <Button type="submit" className="w-100" disabled={reset.isPending}>
          {t('reset.newSubmit')}
        </Button>
      </Form>
    </>
  );
}
