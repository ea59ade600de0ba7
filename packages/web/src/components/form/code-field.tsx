import { useTranslation } from 'react-i18next';
import { BoundField } from './bound-field.tsx';

/** The mailed 6-digit code (named `code`) of the surrounding form. */
export function CodeField() {
  const { t } = useTranslation();
  return (
    <BoundField
      name="code"
      label={t('field.code')}
      hint={t('field.codeHint')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
    />
  );
}
