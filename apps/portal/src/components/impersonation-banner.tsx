import { useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { endImpersonation, impersonationDeadline, impersonationRefusal } from '../app/impersonation.ts';

const secondsLeft = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

function returnToOriginal(): void {
  endImpersonation();
  location.reload();
}

/** Shows the seconds left of an impersonation and ends it, with a reload, when they run out (spec 1 §4). */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const [deadline, setDeadline] = useState(impersonationDeadline);
  const [seconds, setSeconds] = useState(() => (deadline === null ? 0 : secondsLeft(deadline)));

  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      // Signing out forgets the impersonation (logout-modal.tsx): nothing is left to return to.
      if (impersonationDeadline() === null) {
        setDeadline(null);
        return;
      }
      const left = secondsLeft(deadline);
      setSeconds(left);
      if (left <= 0) {
        clearInterval(timer);
        returnToOriginal();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const [refusal, setRefusal] = useState(impersonationRefusal);
  if (deadline === null) {
    if (refusal === null) return null;
    // A refused link leaves the current sign-in as it was; say so instead of silently ignoring it.
    return (
      <Alert
        variant="danger"
        className="mb-0 rounded-0"
        dismissible
        closeLabel={t('impersonation.dismiss')}
        onClose={() => setRefusal(null)}
        data-testid="impersonation-refused"
      >
        {refusal || t('impersonation.refused')}
      </Alert>
    );
  }
  return (
    <Alert
      variant="warning"
      className="mb-0 rounded-0 d-flex flex-wrap align-items-center justify-content-between gap-2"
      data-testid="impersonation-banner"
    >
      <span>{t('impersonation.banner', { seconds })}</span>
      <Button variant="dark" size="sm" onClick={returnToOriginal}>
        {t('impersonation.return')}
      </Button>
    </Alert>
  );
}
