import { accountApi } from '@atrium/web/api/account.ts';
import { PasswordFields } from '@atrium/web/components/form/password-fields.tsx';
import { SubmitForm } from '@atrium/web/components/form/submit-form.tsx';
import { useZodForm } from '@atrium/web/components/form/use-zod-form.ts';
import { useMutation } from '@tanstack/react-query';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
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
  const form = useZodForm(newPasswordForm, { password: '', confirm: '' });
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
      <SubmitForm
        form={form}
        onValid={({ password }) => reset.mutate(password)}
        disabled={reset.isPending}
        submitLabel={t('reset.newSubmit')}
      >
        <PasswordFields label={t('field.newPassword')} />
      </SubmitForm>
    </>
  );
}
