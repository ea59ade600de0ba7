import { accountApi } from '@atrium/web/api/account.ts';
import { useFinishSignIn } from '@atrium/web/app/use-finish-sign-in.ts';
import { CodeField } from '@atrium/web/components/form/code-field.tsx';
import { EmailField } from '@atrium/web/components/form/email-field.tsx';
import { SubmitForm } from '@atrium/web/components/form/submit-form.tsx';
import { useZodForm } from '@atrium/web/components/form/use-zod-form.ts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { DevMailboxHint } from '../dev-mail/dev-mailbox-hint.tsx';
import { emailCodeForm } from './form-schemas.ts';
import { useVerifyLinkOnce } from './use-verify-once.ts';

/** /register/verify: with ?token= (the mailed link) it verifies at once; without, e-mail and code. */
export function RegisterVerifyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <>
      <PageTitle>{t('registerVerify.title')}</PageTitle>
      {token ? <VerifyLink token={token} /> : <VerifyCode />}
    </>
  );
}

function VerifyLink({ token }: { token: string }) {
  const { t } = useTranslation();
  const verify = useVerifyLinkOnce(token);
  if (verify.isError) {
    return (
      <>
        <Alert variant="danger" data-testid="verify-failed">
          {t('registerVerify.failed')}
        </Alert>
        <Link to="/register/send">{t('registerVerify.resend')}</Link>
      </>
    );
  }
  return (
    <div className="d-flex align-items-center gap-2" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{t('registerVerify.verifying')}</span>
    </div>
  );
}

function VerifyCode() {
  const { t } = useTranslation();
  const location = useLocation();
  const sentTo = (location.state as { email?: string } | null)?.email ?? '';
  const finishSignIn = useFinishSignIn({ newAccount: true });
  const form = useZodForm(emailCodeForm, { email: sentTo, code: '' });
  const verify = useMutation({ mutationFn: accountApi.verifyRegistration, onSuccess: finishSignIn });

  return (
    <>
      {sentTo ? (
        <Alert variant="success" role="status" data-testid="sent">
          {t('registerVerify.sent', { email: sentTo })}
        </Alert>
      ) : (
        <p>{t('registerVerify.intro')}</p>
      )}
      <SubmitForm
        form={form}
        onValid={(values) => verify.mutate(values)}
        disabled={verify.isPending}
        submitLabel={t('registerVerify.submit')}
      >
        <EmailField />
        <CodeField />
      </SubmitForm>
      <DevMailboxHint />
      <p className="mt-4 small">
        <Link to="/register/send">{t('registerVerify.resend')}</Link>
      </p>
    </>
  );
}
