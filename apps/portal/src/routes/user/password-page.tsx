import { BoundField } from '@atrium/web/components/form/bound-field.tsx';
import { PasswordFields } from '@atrium/web/components/form/password-fields.tsx';
import { SubmitForm } from '@atrium/web/components/form/submit-form.tsx';
import { useZodForm } from '@atrium/web/components/form/use-zod-form.ts';
import { showToast } from '@atrium/web/components/toasts.tsx';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.tsx';
import { passwordForm } from './form-schemas.ts';
import { profileApi } from './user-api.ts';

/** /user/password: old and new password; the server signs the user's other sessions out. */
export function PasswordPage() {
  const { t } = useTranslation();
  const form = useZodForm(passwordForm, { old_password: '', new_password: '', confirm: '' });
  const change = useMutation({
    mutationFn: profileApi.password,
    onSuccess: () => {
      form.reset();
      showToast('success', t('user.password.done'));
    },
  });

  return (
    <>
      <PageTitle>{t('user.pages.password')}</PageTitle>
      <SubmitForm
        form={form}
        onValid={({ old_password, new_password }) => change.mutate({ old_password, new_password })}
        disabled={change.isPending}
        submitLabel={t('user.password.submit')}
        fullWidth={false}
        style={{ maxWidth: '28rem' }}
      >
        <BoundField
          name="old_password"
          label={t('user.password.old')}
          type="password"
          autoComplete="current-password"
        />
        <PasswordFields name="new_password" label={t('field.newPassword')} />
      </SubmitForm>
    </>
  );
}
