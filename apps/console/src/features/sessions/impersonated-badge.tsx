import { useTranslation } from 'react-i18next';

/** Marks a recording made while an admin viewed the portal as the learner (ADR 0035). */
export function ImpersonatedBadge() {
  const { t } = useTranslation();
  return (
    <span
      className="badge text-bg-warning ms-2"
      title={t('sessions.impersonatedHint')}
      data-testid="impersonated-badge"
    >
      {t('sessions.impersonated')}
    </span>
  );
}
