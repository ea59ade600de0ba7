import { useTranslation } from 'react-i18next';

/**
 * Grey bars where content is on its way (Bootstrap placeholders), so a screen never claims "nothing here"
 * before the answer came (ADR 0017). Screen readers hear 載入中… once.
 */
export function SkeletonLines({ lines = 2, testId = 'skeleton' }: { lines?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="placeholder-glow" role="status" data-testid={testId}>
      <span className="visually-hidden">{t('app.loading')}</span>
      {Array.from({ length: lines }, (_, i) => (
        // Bars of varying width read as text; their order never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <span key={i} className={`placeholder d-block mb-2 col-${[8, 6, 10, 7][i % 4]}`} aria-hidden="true" />
      ))}
    </div>
  );
}
