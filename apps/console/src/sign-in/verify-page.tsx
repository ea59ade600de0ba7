import { accountApi } from '@atrium/web/api/account.ts';
import { useFinishSignIn } from '@atrium/web/app/use-finish-sign-in.ts';
import { CodeField } from '@atrium/web/components/form/code-field.tsx';
import { SubmitForm } from '@atrium/web/components/form/submit-form.tsx';
import { useZodForm } from '@atrium/web/components/form/use-zod-form.ts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '../components/page-title.tsx';
import { codeForm } from './form-schemas.ts';

/** /console/login/verify: the 6-digit code mailed to a new browser (the ticket rides in an HttpOnly cookie). */
export function VerifyPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const email = (location.state as { email?: string } | null)?.email;
  const finishSignIn = useFinishSignIn({ home: '/' });
  const form = useZodForm(codeForm, { code: '' });
  const verify = useMutation({ mutationFn: accountApi.verifyLogin, onSuccess: finishSignIn });
  return (
    <>
      <PageTitle>{t('signIn.verifyTitle')}</PageTitle>
      <p>{email ? t('signIn.verifyIntro', { email }) : t('signIn.verifyIntroNoEmail')}</p>
      <SubmitForm
        form={form}
        onValid={({ code }) => verify.mutate(code)}
        disabled={verify.isPending}
        submitLabel={t('signIn.verifySubmit')}
      >
        <CodeField />
      </SubmitForm>
      <p className="mt-4 small">
        <Link to={`/login${location.search}`}>{t('signIn.back')}</Link>
      </p>
    </>
  );
}
