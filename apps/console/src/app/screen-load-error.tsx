import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/**
 * A lazy screen whose code did not arrive (the network dropped, or the console was updated since the page
 * opened and the old chunk is gone) or that failed while drawing: said in the console's language with a way to
 * reload, in place of the screen, instead of the router's developer page. The navigation around it still works.
 */
export function ScreenLoadError() {
  const { t } = useTranslation();
  return (
    <Alert variant="danger" className="m-4" data-testid="screen-load-error">
      <p className="mb-2">{t('app.screenFailed')}</p>
      <Button variant="outline-danger" size="sm" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </Alert>
  );
}
