import { useTranslation } from 'react-i18next';
import { BoundField } from './bound-field.tsx';

/** The e-mail address field (named `email`) of the surrounding form. */
export function EmailField() {
  const { t } = useTranslation();
  return <BoundField name="email" label={t('field.email')} type="email" autoComplete="email" />;
}
