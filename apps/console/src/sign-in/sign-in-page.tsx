import { accountApi } from '@atrium/web/api/account.ts';
import { useFinishSignIn } from '@atrium/web/app/use-finish-sign-in.ts';
import { BoundField } from '@atrium/web/components/form/bound-field.tsx';
import { EmailField } from '@atrium/web/components/form/email-field.tsx';
import { SubmitForm } from '@atrium/web/components/form/submit-form.tsx';
import { useZodForm } from '@atrium/web/components/form/use-zod-form.ts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../components/page-title.tsx';
import { signInForm } from './form-schemas.ts';

/** /console/login: staff e-mail and password; a new browser goes on to /login/verify for the mailed code. */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const finishSignIn = useFinishSignIn({ home: '/' });
  const form = useZodForm(signInForm, { email: '', password: '' });
  const login = useMutation({
    mutationFn: accountApi.login,
    onSuccess: (result) => {
      if (result.status === 'signed_in') finishSignIn(result);
      else navigate(`/login/verify${location.search}`, { state: { email: result.email } });
    },
  });
  return (
    <>
      <PageTitle>{t('signIn.title')}</PageTitle>
      <SubmitForm
        form={form}
        onValid={(values) => login.mutate(values)}
        disabled={login.isPending}
        submitLabel={t('signIn.submit')}
      >
        <EmailField />
        <BoundField
          name="password"
          label={t('field.password')}
          type="password"
          autoComplete="current-password"
        />
      </SubmitForm>
    </>
  );
}
