import { DESCRIPTION_MAX } from '@atrium/protocol';
import { BoundField } from '@atrium/web/components/form/bound-field.tsx';
import { SubmitForm } from '@atrium/web/components/form/submit-form.tsx';
import { useZodForm } from '@atrium/web/components/form/use-zod-form.ts';
import { showToast } from '@atrium/web/components/toasts.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NicknameField } from '../../components/form/nickname-field.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { SkeletonLines } from '../../components/skeleton-lines.tsx';
import { MailPreferenceSwitch } from '../mail/mail-preference-switch.tsx';
import { type ProfileForm, profileForm } from './form-schemas.ts';
import { ThirdpartyLinks } from './thirdparty-links.tsx';
import { profileApi } from './user-api.ts';
import { profileChanged, useProfile } from './user-queries.ts';

/** /user: nickname, first and last name and description, validated on input (spec 1 §5). */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <>
      <PageTitle>{t('user.pages.profile')}</PageTitle>
      {profile.data ? (
        <ProfileEditor
          initial={{
            nickname: profile.data.nickname,
            first_name: profile.data.first_name,
            last_name: profile.data.last_name,
            description: profile.data.description,
          }}
          thirdparty={profile.data.thirdparty}
        />
      ) : profile.isError ? (
        <LoadFailure error={profile.error} onRetry={profile.refetch} retrying={profile.isFetching} />
      ) : (
        <SkeletonLines lines={4} />
      )}
      <MailPreferenceSwitch />
    </>
  );
}

function ProfileEditor({
  initial,
  thirdparty,
}: {
  initial: ProfileForm;
  thirdparty: { platform: string; email: string }[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(profileForm, initial);
  useEffect(() => form.reset(initial), [initial, form]);

  // Each field group has its own call (spec 1 §7); only what changed is sent.
  const save = useMutation({
    mutationFn: async (values: ProfileForm) => {
      let latest = null;
      if (values.nickname !== initial.nickname) latest = await profileApi.nickname(values.nickname);
      if (values.first_name !== initial.first_name || values.last_name !== initial.last_name) {
        latest = await profileApi.name(values.first_name, values.last_name);
      }
      if (values.description !== initial.description)
        latest = await profileApi.description(values.description);
      return latest;
    },
    onSuccess: (latest) => {
      if (latest) profileChanged(queryClient, latest);
      showToast('success', t('user.profile.saved'));
    },
  });
  const description = form.watch('description') ?? '';

  return (
    <>
      <SubmitForm
        form={form}
        onValid={(values) => save.mutate(values)}
        disabled={save.isPending || !form.formState.isDirty}
        submitLabel={t('user.profile.save')}
        fullWidth={false}
      >
        <NicknameField />
        <div className="row">
          <div className="col-sm-6">
            <BoundField name="last_name" label={t('user.profile.lastName')} autoComplete="family-name" />
          </div>
          <div className="col-sm-6">
            <BoundField name="first_name" label={t('user.profile.firstName')} autoComplete="given-name" />
          </div>
        </div>
        <BoundField
          name="description"
          as="textarea"
          rows={5}
          label={t('user.profile.description')}
          hint={t('user.profile.descriptionHint', { count: description.length, max: DESCRIPTION_MAX })}
        />
      </SubmitForm>
      <ThirdpartyLinks thirdparty={thirdparty} />
    </>
  );
}
