import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { accountApi } from '../../api/account.ts';
import { FormField } from '../../components/form-field.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { emailCodeForm } from './form-schemas.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';
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
  const finishSignIn = useFinishSignIn();
  const form = useForm({
    resolver: zodResolver(emailCodeForm),
    mode: 'onChange',
    defaultValues: { email: sentTo, code: '' },
  });
  const errors = form.formState.errors;
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
      <Form noValidate onSubmit={form.handleSubmit((values) => verify.mutate(values))}>
        <FormField
          label={t('field.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <FormField
          label={t('field.code')}
          hint={t('field.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
          {...form.register('code')}
        />
        <Button type="submit" className="w-100" disabled={verify.isPending}>
          {t('registerVerify.submit')}
        </Button>
      </Form>
      <p className="mt-4 small">
        <Link to="/register/send">{t('registerVerify.resend')}</Link>
      </p>
    </>
  );
}
