import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

const languages = [
  { code: 'zh-TW', label: '中文（台灣）' },
  { code: 'en', label: 'English' },
] as const;

/** zh-TW or English; init-i18n remembers the choice for the next visit. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Form.Select
      size="sm"
      className={className}
      style={{ width: 'auto' }}
      aria-label={t('app.language')}
      value={i18n.resolvedLanguage}
      onChange={(event) => void i18n.changeLanguage(event.target.value)}
      data-testid="language-switch"
    >
      {languages.map((language) => (
        <option key={language.code} value={language.code} lang={language.code}>
          {language.label}
        </option>
      ))}
    </Form.Select>
  );
}
