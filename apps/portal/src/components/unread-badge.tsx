import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../routes/user/user-queries.ts';

/** The unread-count badge of the navbar bell and the side menu's messages entry (spec 1 §2). */
export function UnreadBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  const count = useUnreadCount();
  if (!count) return null;
  return (
    <Badge pill bg="danger" className={className} data-testid="unread-badge">
      {/* Screen readers hear "N 則未讀" once, not the bare number too. */}
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('user.unread', { count })}</span>
    </Badge>
  );
}
