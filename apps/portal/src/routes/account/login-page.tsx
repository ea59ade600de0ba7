import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { accountApi } from '../../api/account.ts';
import { FormField } from '../../components/form-field.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { loginForm } from './form-schemas.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';

/** /login: e-mail and password; a new browser is sent on to /login/verify for the mailed code. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const finishSignIn = useFinishSignIn();
  const form = useForm({
    resolver: zodResolver(loginForm),
    mode: 'onChange',
    defaultValues: { email: '', password: '' },
  });
  const errors = form.formState.errors;
  const login = useMutation({
    mutationFn: accountApi.login,
    onSuccess: (result) => {
      if (result.status === 'signed_in') finishSignIn(result);
      else navigate(`/login/verify${location.search}`, { state: { email: result.email } });
    },
  });

  return (
    <>
      <PageTitle>{t('login.title')}</PageTitle>
      <Form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
        <FormField
          label={t('field.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormField
          label={t('field.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" className="w-100" disabled={login.isPending}>
          {t('login.submit')}
        </Button>
      </Form>
      <nav className="mt-4 d-flex flex-column gap-2 small" aria-label={t('login.title')}>
        <Link to="/password/reset">{t('login.forgot')}</Link>
        <Link to="/register">{t('login.register')}</Link>
        <Link to="/register/send">{t('login.resend')}</Link>
      </nav>
    </>
  );
}
