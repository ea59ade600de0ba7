import { type AdminClass, type ClassInput, classInput } from '@atrium/protocol/community';
import { BoundField } from '@atrium/web/components/form/bound-field.tsx';
import { SubmitForm } from '@atrium/web/components/form/submit-form.tsx';
import { useZodForm } from '@atrium/web/components/form/use-zod-form.ts';
import { showToast } from '@atrium/web/components/toasts.tsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { communityApi } from './community-api.ts';

/**
 * A class's name, description and welcome text after creation, checked as the new-class form is. The page
 * title shows the new name at once and goes back if the server refuses.
 */
export function ClassDetailsForm({ cls }: { cls: AdminClass }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['community', 'class', cls.id];
  const form = useZodForm(classInput, {
    name: cls.name,
    description: cls.description,
    welcome: cls.welcome,
  });
  const save = useMutation({
    mutationFn: (body: ClassInput) => communityApi.updateClass(cls.id, body),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<AdminClass>(key);
      if (before) queryClient.setQueryData<AdminClass>(key, { ...before, ...body });
      return { before };
    },
    onError: (_e, _body, ctx) => {
      if (ctx?.before) queryClient.setQueryData(key, ctx.before);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      showToast('success', t('community.sub.saved'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['community', 'classes'] }),
  });
  return (
    <div style={{ maxWidth: 720 }} data-testid="class-details">
      <SubmitForm
        form={form}
        onValid={(v) => save.mutate(v)}
        disabled={save.isPending}
        submitLabel={t('community.save')}
        fullWidth={false}
      >
        <BoundField name="name" label={t('community.classes.name')} />
        <BoundField name="description" label={t('community.classes.description')} as="textarea" rows={3} />
        <BoundField
          name="welcome"
          label={t('community.classes.welcome')}
          hint={t('community.classes.welcomeHint')}
          as="textarea"
          rows={8}
        />
      </SubmitForm>
    </div>
  );
}
