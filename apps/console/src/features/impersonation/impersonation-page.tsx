import type { ImpersonationMintBody, ImpersonationMinted } from '@atrium/protocol';
import { apiCall } from '@atrium/web/api/client.ts';
import { BoundField } from '@atrium/web/components/form/bound-field.tsx';
import { EmailField } from '@atrium/web/components/form/email-field.tsx';
import { SubmitForm } from '@atrium/web/components/form/submit-form.tsx';
import { useZodForm } from '@atrium/web/components/form/use-zod-form.ts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.tsx';
import { impersonationForm } from './impersonation-form.ts';

const mint = (body: ImpersonationMintBody) =>
  apiCall<ImpersonationMinted>('POST', '/v1/console/impersonation', { body });

/**
 * /console/impersonation (admins): mint a time-limited token for one learner and open the portal as them.
 * The portal keeps the admin's own token and puts it back at the limit or on "return" (spec 1 §4).
 */
export function ImpersonationPage() {
  const { t } = useTranslation();
  const form = useZodForm(impersonationForm, { email: '', minutes: '15' });
  const minted = useMutation({ mutationFn: mint });
  return (
    <>
      <PageTitle>{t('impersonation.title')}</PageTitle>
      <p className="text-body-secondary">{t('impersonation.intro')}</p>
      <SubmitForm
        form={form}
        onValid={(values) => minted.mutate({ email: values.email, seconds: values.minutes * 60 })}
        disabled={minted.isPending}
        submitLabel={t('impersonation.submit')}
      >
        <EmailField />
        <BoundField name="minutes" label={t('impersonation.minutes')} type="number" min={1} max={60} />
      </SubmitForm>
      {minted.data && (
        <Alert variant="info" className="mt-3" data-testid="impersonation-minted">
          <p>{t('impersonation.ready', { time: new Date(minted.data.expires_at).toLocaleTimeString() })}</p>
          <Button href={minted.data.portal_path} target="_blank" rel="noopener">
            {t('impersonation.open')}
          </Button>
        </Alert>
      )}
    </>
  );
}
