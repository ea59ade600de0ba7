import { accountApi } from '@atrium/web/api/account.ts';
import { useFinishSignIn } from '@atrium/web/app/use-finish-sign-in.ts';
import { BoundField } from '@atrium/web/components/form/bound-field.tsx';
import { EmailField } from '@atrium/web/components/form/email-field.tsx';
import { SubmitForm } from '@atrium/web/components/form/submit-form.tsx';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { CoursePlatformButtons } from './course-platform-buttons.tsx';
import { OidcButtons } from './oidc-buttons.tsx';
import { SignedInRedirect } from './signed-in-redirect.tsx';
import { useLazyZodForm } from './use-lazy-zod-form.ts';

// The sign-in rules (spec 1 §5) load after the form is painted: see use-lazy-zod-form.ts.
const loadLoginForm = () => import('./form-schemas.ts').then((m) => m.loginForm);

/** /login: e-mail and password; a new browser is sent on to /login/verify for the mailed code. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const finishSignIn = useFinishSignIn();
  const form = useLazyZodForm(loadLoginForm, { email: '', password: '' });
  const login = useMutation({
    mutationFn: accountApi.login,
    onSuccess: (result) => {
      if (result.status === 'signed_in') finishSignIn(result);
      else navigate(`/login/verify${location.search}`, { state: { email: result.email } });
    },
  });

  return (
    <SignedInRedirect>
      <PageTitle>{t('login.title')}</PageTitle>
      <SubmitForm
        form={form}
        onValid={(values) => login.mutate(values)}
        disabled={login.isPending}
        submitLabel={t('login.submit')}
      >
        <EmailField />
        <BoundField
          name="password"
          label={t('field.password')}
          type="password"
          autoComplete="current-password"
        />
      </SubmitForm>
      <OidcButtons />
      <CoursePlatformButtons />
      <nav className="mt-4 d-flex flex-column gap-2 small" aria-label={t('login.title')}>
        <Link to="/password/reset">{t('login.forgot')}</Link>
        <Link to="/register">{t('login.register')}</Link>
        <Link to="/register/send">{t('login.resend')}</Link>
      </nav>
    </SignedInRedirect>
  );
}
