import { accountApi } from '@atrium/web/api/account.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { EmailRequestForm } from './resend-form.tsx';

/** /register/send: mail the verification again. */
export function RegisterSendPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('registerSend.title')}</PageTitle>
      <p>{t('registerSend.intro')}</p>
      <EmailRequestForm
        send={accountApi.resendVerification}
        submitLabel={t('registerSend.submit')}
        sentMessage={(email) => t('registerSend.sent', { email })}
      />
      <p className="mt-4 small">
        <Link to="/login">{t('registerSend.back')}</Link>
      </p>
    </>
  );
}
