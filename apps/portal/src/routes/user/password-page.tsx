import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form-field.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { showToast } from '../../components/toasts.tsx';
import { passwordForm } from './form-schemas.ts';
import { profileApi } from './user-api.ts';

/** /user/password: old and new password; the server signs the user's other sessions out. */
export function PasswordPage() {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(passwordForm),
    mode: 'onChange',
    defaultValues: { old_password: '', new_password: '', confirm: '' },
  });
  const errors = form.formState.errors;
  const recheckConfirm = () => form.getValues('confirm') && void form.trigger('confirm');
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
      <Form
        noValidate
        style={{ maxWidth: '28rem' }}
        onSubmit={form.handleSubmit(({ old_password, new_password }) =>
          change.mutate({ old_password, new_password }),
        )}
      >
        <FormField
          label={t('user.password.old')}
          type="password"
          autoComplete="current-password"
          error={errors.old_password?.message}
          {...form.register('old_password')}
        />
        <FormField
          label={t('field.newPassword')}
          hint={t('field.passwordHint')}
          type="password"
          autoComplete="new-password"
          error={errors.new_password?.message}
          {...form.register('new_password', { onChange: recheckConfirm })}
        />
        <FormField
          label={t('field.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...form.register('confirm')}
        />
        <Button type="submit" disabled={change.isPending}>
          {t('user.password.submit')}
        </Button>
      </Form>
    </>
  );
}
