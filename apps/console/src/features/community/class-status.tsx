import type { AdminClass } from '@atrium/protocol/community';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export function ClassStatus({ cls }: { cls: Pick<AdminClass, 'published' | 'archived'> }) {
  const { t } = useTranslation();
  if (cls.archived) return <Badge bg="secondary">{t('community.status.archived')}</Badge>;
  return cls.published ? (
    <Badge bg="success">{t('community.status.published')}</Badge>
  ) : (
    <Badge bg="warning" text="dark">
      {t('community.status.draft')}
    </Badge>
  );
}
