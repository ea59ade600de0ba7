import { accountApi } from '@atrium/web/api/account.ts';
import { EmailField } from '@atrium/web/components/form/email-field.tsx';
import { PasswordFields } from '@atrium/web/components/form/password-fields.tsx';
import { SubmitForm } from '@atrium/web/components/form/submit-form.tsx';
import { useZodForm } from '@atrium/web/components/form/use-zod-form.ts';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NicknameField } from '../../components/form/nickname-field.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { InvitationBanner } from '../mail/invitation-banner.tsx';
import { registerForm } from './form-schemas.ts';

/**
 * /register: sign-up; the verification mail carries a link and a code (/register/verify). From an invitation mail
 * (`?invitation=`) it names the classes and fills in the invited address (ADR 0063).
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(registerForm, { email: '', nickname: '', password: '', confirm: '' });
  const invitation = useSearchParams()[0].get('invitation');
  const fillEmail = useCallback((email: string) => form.setValue('email', email), [form]);
  const register = useMutation({
    mutationFn: accountApi.register,
    onSuccess: (result) => navigate('/register/verify', { state: { email: result.email } }),
  });

  return (
    <>
      <PageTitle>{t('register.title')}</PageTitle>
      {invitation && <InvitationBanner token={invitation} onEmail={fillEmail} />}
      <SubmitForm
        form={form}
        onValid={({ email, nickname, password }) => register.mutate({ email, nickname, password })}
        disabled={register.isPending}
        submitLabel={t('register.submit')}
      >
        <EmailField />
        <NicknameField />
        <PasswordFields label={t('field.password')} />
      </SubmitForm>
      <nav className="mt-4 d-flex flex-column gap-2 small" aria-label={t('register.title')}>
        <Link to="/login">{t('register.login')}</Link>
        <Link to="/register/old-verify">{t('register.oldAccount')}</Link>
      </nav>
    </>
  );
}
