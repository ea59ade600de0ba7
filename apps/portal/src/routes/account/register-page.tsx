import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { accountApi } from '../../api/account.ts';
import { FormField } from '../../components/form-field.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { registerForm } from './form-schemas.ts';

/** /register: sign-up; the verification mail carries a link and a code (/register/verify). */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(registerForm),
    mode: 'onChange',
    defaultValues: { email: '', nickname: '', password: '', confirm: '' },
  });
  const errors = form.formState.errors;
  // A confirmation typed first must be re-checked when the password changes, once there is one.
  const recheckConfirm = () => form.getValues('confirm') && void form.trigger('confirm');
  const register = useMutation({
    mutationFn: accountApi.register,
    onSuccess: (result) => navigate('/register/verify', { state: { email: result.email } }),
  });

  return (
    <>
      <PageTitle>{t('register.title')}</PageTitle>
      <Form
        noValidate
        onSubmit={form.handleSubmit(({ email, nickname, password }) =>
          register.mutate({ email, nickname, password }),
        )}
      >
        <FormField
          label={t('field.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormField
          label={t('field.nickname')}
          hint={t('field.nicknameHint')}
          autoComplete="nickname"
          error={errors.nickname?.message}
          {...form.register('nickname')}
        />
        <FormField
          label={t('field.password')}
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
        <Button type="submit" className="w-100" disabled={register.isPending}>
          {t('register.submit')}
        </Button>
      </Form>
      <nav className="mt-4 d-flex flex-column gap-2 small" aria-label={t('register.title')}>
        <Link to="/login">{t('register.login')}</Link>
        <Link to="/register/old-verify">{t('register.oldAccount')}</Link>
      </nav>
    </>
  );
}
