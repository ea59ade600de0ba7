import { accountApi } from '@atrium/web/api/account.ts';
import { useFinishSignIn } from '@atrium/web/app/use-finish-sign-in.ts';
import { PasswordFields } from '@atrium/web/components/form/password-fields.tsx';
import { SubmitForm } from '@atrium/web/components/form/submit-form.tsx';
import { useZodForm } from '@atrium/web/components/form/use-zod-form.ts';
import { useMutation } from '@tanstack/react-query';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NicknameField } from '../../components/form/nickname-field.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { claimForm } from './form-schemas.ts';
import { EmailRequestForm } from './resend-form.tsx';

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
  const finishSignIn = useFinishSignIn({ newAccount: true });
  const form = useZodForm(claimForm, { nickname: '', password: '', confirm: '' });
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
      <SubmitForm
        form={form}
        onValid={({ nickname, password }) =>
          claim.mutate({ token, password, ...(nickname ? { nickname } : {}) })
        }
        disabled={claim.isPending}
        submitLabel={t('oldVerify.setSubmit')}
      >
        <NicknameField />
        <PasswordFields label={t('field.newPassword')} />
      </SubmitForm>
    </>
  );
}
