import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { mailApi } from './mail-api.ts';

const key = ['mail-preferences'];

/** The profile page's switch: class announcements staff send by mail as well come to this address or not. */
export function MailPreferenceSwitch() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const prefs = useQuery({ queryKey: key, queryFn: ({ signal }) => mailApi.preferences(signal) });
  const save = useMutation({
    mutationFn: mailApi.setPreferences,
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
  return (
    <section className="mt-4" aria-labelledby="mail-preferences-heading">
      <h2 className="h5" id="mail-preferences-heading">
        {t('mailPrefs.title')}
      </h2>
      <Form.Check
        type="switch"
        // Announced as the on/off switch it looks like, not as a checkbox.
        role="switch"
        id="mail-class-announcements"
        label={t('mailPrefs.classAnnouncements')}
        // Shows the choice at once while it is saved (a failed save falls back, with the error toast).
        checked={
          (save.isPending ? save.variables?.class_announcements : prefs.data?.class_announcements) ?? false
        }
        disabled={!prefs.data}
        onChange={(e) => save.mutate({ class_announcements: e.target.checked })}
        aria-describedby="mail-class-announcements-hint"
      />
      <Form.Text id="mail-class-announcements-hint" className="text-body-secondary">
        {t('mailPrefs.hint')}
      </Form.Text>
    </section>
  );
}
