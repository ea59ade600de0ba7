import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Shown once the agent has scrolled a panel away from the playhead: brings it back to following. */
export function FollowButton({ following, onFollow }: { following: boolean; onFollow: () => void }) {
  const { t } = useTranslation();
  if (following) return null;
  return (
    <Button size="sm" variant="outline-primary" className="text-nowrap" onClick={onFollow}>
      {t('panel.follow')}
    </Button>
  );
}
