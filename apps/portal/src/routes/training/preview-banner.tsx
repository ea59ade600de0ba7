import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { setPreviewMode } from './preview-status.ts';

/** Spec 1 §2: preview mode shows a warning banner with the way back to normal mode. */
export function PreviewBanner() {
  const { t } = useTranslation();
  return (
    <Alert
      variant="warning"
      className="d-flex flex-wrap align-items-center gap-2"
      data-testid="preview-banner"
    >
      <span className="flex-grow-1">{t('training.preview.banner')}</span>
      <Alert.Link
        as="button"
        type="button"
        className="btn btn-link p-0 alert-link"
        onClick={() => setPreviewMode(false)}
      >
        {t('training.preview.exit')}
      </Alert.Link>
    </Alert>
  );
}
