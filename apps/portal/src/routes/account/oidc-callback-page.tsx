import type { OidcCallbackResult } from '@atrium/protocol';
import { ApiError } from '@atrium/web/api/api-error.ts';
import { useFinishSignIn } from '@atrium/web/app/use-finish-sign-in.ts';
import { CodeField } from '@atrium/web/components/form/code-field.tsx';
import { SubmitForm } from '@atrium/web/components/form/submit-form.tsx';
import { useZodForm } from '@atrium/web/components/form/use-zod-form.ts';
import { showToast } from '@atrium/web/components/toasts.tsx';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { DevMailboxHint } from '../dev-mail/dev-mailbox-hint.tsx';
import { codeOnlyForm } from './form-schemas.ts';
import { oidcApi } from './oidc-api.ts';

const SUFFIX = 'callback';

/**
 * `/{provider}callback` (spec 1 §2): the provider's return point. Any other one-segment path is unknown and
 * goes to /login, as every unknown path does.
 */
export function OidcCallbackRoute() {
  const { segment = '' } = useParams();
  if (!segment.endsWith(SUFFIX) || segment.length === SUFFIX.length) return <Navigate to="/login" replace />;
  return <OidcCallbackPage provider={segment.slice(0, -SUFFIX.length)} />;
}

/**
 * Hands the provider's answer to the server once (it is single use), then signs in, asks for the password
 * of an existing account, or reports the failure with a way back to /login. It never sends the browser to
 * the provider by itself, so a failure cannot loop.
 */
function OidcCallbackPage({ provider }: { provider: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const callback = useMutation({
    mutationFn: () => oidcApi.callback(provider, location.search),
    meta: { silent: true },
    onSuccess: (result: OidcCallbackResult) => {
      if (result.status === 'signed_in') finishSignIn(result);
      else if (result.status === 'password_required') setPendingEmail(result.email);
      else {
        showToast('success', t('oidc.linked'));
        navigate('/user', { replace: true });
      }
    },
  });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    callback.mutate();
  }, [callback.mutate]);

  return (
    <>
      <PageTitle>{t('oidc.title')}</PageTitle>
      {callback.isPending && (
        <div className="d-flex justify-content-center py-4">
          <Spinner animation="border" role="status">
            <span className="visually-hidden">{t('app.loading')}</span>
          </Spinner>
        </div>
      )}
      {callback.isError && <Failure error={callback.error} />}
      {pendingEmail && <ConfirmPassword email={pendingEmail} />}
    </>
  );
}

function Failure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = error instanceof ApiError && error.message ? error.message : t('oidc.failed');
  return (
    <>
      <Alert variant="warning" data-testid="oidc-error">
        {message}
      </Alert>
      <Link to="/login">{t('oidc.backToLogin')}</Link>
    </>
  );
}

/**
 * The provider did not vouch for this e-mail: the account's owner proves the password to link it, then enters
 * the code mailed to the account (ADR 0043), as a new browser does.
 */
function ConfirmPassword({ email }: { email: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const confirm = useMutation({ mutationFn: () => oidcApi.confirm(password) });
  if (confirm.data) return <EnterCode email={confirm.data.email} />;
  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        if (password) confirm.mutate();
      }}
    >
      <p>{t('oidc.passwordRequired', { email })}</p>
      <Form.Group className="mb-3" controlId="oidc-password">
        <Form.Label>{t('field.password')}</Form.Label>
        <Form.Control
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Form.Group>
      <Button type="submit" disabled={confirm.isPending || !password}>
        {t('oidc.confirm')}
      </Button>
      <div className="mt-3">
        <Link to="/login">{t('oidc.backToLogin')}</Link>
      </div>
    </Form>
  );
}

function EnterCode({ email }: { email: string }) {
  const { t } = useTranslation();
  const finishSignIn = useFinishSignIn();
  const form = useZodForm(codeOnlyForm, { code: '' });
  const verify = useMutation({ mutationFn: oidcApi.verify, onSuccess: finishSignIn });
  return (
    <>
      <p>{t('oidc.codeRequired', { email })}</p>
      <SubmitForm
        form={form}
        onValid={({ code }) => verify.mutate(code)}
        disabled={verify.isPending}
        submitLabel={t('oidc.verify')}
      >
        <CodeField />
      </SubmitForm>
      <DevMailboxHint />
      <div className="mt-3">
        <Link to="/login">{t('oidc.backToLogin')}</Link>
      </div>
    </>
  );
}
