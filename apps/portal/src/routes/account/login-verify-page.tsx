import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { accountApi } from '../../api/account.ts';
import { FormField } from '../../components/form-field.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { codeOnlyForm } from './form-schemas.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';

/** /login/verify: the 6-digit code mailed to a new browser; the login ticket rides in an HttpOnly cookie. */
export function LoginVerifyPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const email = (location.state as { email?: string } | null)?.email;
  const finishSignIn = useFinishSignIn();
  const form = useForm({
    resolver: zodResolver(codeOnlyForm),
    mode: 'onChange',
    defaultValues: { code: '' },
  });
  const verify = useMutation({ mutationFn: accountApi.verifyLogin, onSuccess: finishSignIn });

  return (
    <>
      <PageTitle>{t('loginVerify.title')}</PageTitle>
      <p>{email ? t('loginVerify.intro', { email }) : t('loginVerify.introNoEmail')}</p>
      <Form noValidate onSubmit={form.handleSubmit(({ code }) => verify.mutate(code))}>
        <FormField
          label={t('field.code')}
          hint={t('field.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" className="w-100" disabled={verify.isPending}>
          {t('loginVerify.submit')}
        </Button>
      </Form>
      <p className="mt-4 small">
        <Link to={`/login${location.search}`}>{t('loginVerify.back')}</Link>
      </p>
    </>
  );
}
