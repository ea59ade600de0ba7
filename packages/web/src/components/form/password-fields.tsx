import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BoundField } from './bound-field.tsx';

/**
 * A new password (named `name`) and its confirmation (named `confirm`) in the surrounding form. The
 * mismatch message comes from the form's schema (confirmMatches, which keeps spec 1 §5's known flaw).
 */
export function PasswordFields({ name = 'password', label }: { name?: string; label: string }) {
  const { t } = useTranslation();
  const { getValues, trigger } = useFormContext();
  // A confirmation typed first must be re-checked when the password changes, once there is one.
  const recheckConfirm = () => getValues('confirm') && void trigger('confirm');
  return (
    <>
      <BoundField
        name={name}
        label={label}
        hint={t('field.passwordHint')}
        type="password"
        autoComplete="new-password"
        rules={{ onChange: recheckConfirm }}
      />
      <BoundField
        name="confirm"
        label={t('field.confirmPassword')}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
