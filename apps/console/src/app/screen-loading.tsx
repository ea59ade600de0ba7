import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** What a lazy screen opened by its address shows in its place until its code is in. */
export function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <Spinner animation="border" role="status" aria-label={t('app.loading')} data-testid="screen-loading" />
  );
}
