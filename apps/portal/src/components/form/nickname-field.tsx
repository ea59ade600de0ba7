import { BoundField } from '@atrium/web/components/form/bound-field.tsx';
import { useTranslation } from 'react-i18next';

/** The nickname field (named `nickname`) of the surrounding form, with its rule as the hint. */
export function NicknameField() {
  const { t } = useTranslation();
  return (
    <BoundField
      name="nickname"
      label={t('field.nickname')}
      hint={t('field.nicknameHint')}
      autoComplete="nickname"
    />
  );
}
