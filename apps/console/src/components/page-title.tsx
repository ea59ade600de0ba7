import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The screen's heading, also used as the document title so each screen is announced by name. */
export function PageTitle({ children, className = 'h3 mb-4' }: { children: string; className?: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${children} | ${t('app.name')}`;
  }, [children, t]);
  return <h1 className={className}>{children}</h1>;
}
