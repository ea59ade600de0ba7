import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { accountApi } from '../../api/account.ts';
import { FormField } from '../../components/form-field.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { claimForm } from './form-schemas.ts';
import { EmailRequestForm } from './resend-form.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';

/**
 * /register/old-verify: an account from before the portal is claimed by mail. Without ?token= it asks for the
 * address and mails the claim link; with it, the user sets a password (and optionally a nickname).
 */
export function OldVerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <ClaimForm token={token} />;
  return (
    <>
      <PageTitle>{t('oldVerify.title')}</PageTitle>
      <p>{t('oldVerify.intro')}</p>
      <EmailRequestForm
        send={accountApi.resendVerification}
        submitLabel={t('oldVerify.submit')}
        sentMessage={(email) => t('oldVerify.sent', { email })}
      />
    </>
  );
}

function ClaimForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const finishSignIn = useFinishSignIn();
  const form = useForm({
    resolver: zodResolver(claimForm),
    mode: 'onChange',
    defaultValues: { nickname: '', password: '', confirm: '' },
  });
  const errors = form.formState.errors;
  const recheckConfirm = () => form.getValues('confirm') && void form.trigger('confirm');
  const claim = useMutation({ mutationFn: accountApi.verifyRegistration, onSuccess: finishSignIn });

  return (
    <>
      <PageTitle>{t('oldVerify.setTitle')}</PageTitle>
      <p>{t('oldVerify.setIntro')}</p>
      {claim.isError && (
        <Alert variant="danger" data-testid="verify-failed">
          {t('oldVerify.failed')} <Link to="/register/old-verify">{t('oldVerify.resend')}</Link>
        </Alert>
      )}
      <Form
        noValidate
        onSubmit={form.handleSubmit(({ nickname, password }) =>
          claim.mutate({ token, password, ...(nickname ? { nickname } : {}) }),
        )}
      >
        <FormField
          label={t('field.nickname')}
          hint={t('field.nicknameHint')}
          autoComplete="nickname"
          error={errors.nickname?.message}
          {...form.register('nickname')}
        />
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
        <Button type="submit" className="w-100" disabled={claim.isPending}>
          {t('oldVerify.setSubmit')}
        </Button>
      </Form>
    </>
  );
}
