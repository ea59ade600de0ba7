import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { TabRecording } from './recording.ts';

/**
 * Says which batches of the tab could not be read, so a jump in the replay is not mistaken for what the
 * learner saw (ADR 0045). Nothing when every batch was read.
 */
export function UnreadableNotice({
  tab,
  tabName,
}: {
  tab: Pick<TabRecording, 'unreadable'>;
  /** 「分頁 N」 when the visit has several tabs: the notice says which. */
  tabName?: string;
}) {
  const { t } = useTranslation();
  if (tab.unreadable.length === 0) return null;
  const batches = tab.unreadable.map((b) => t('player.unreadableBatch', b)).join(t('player.listSeparator'));
  return (
    <Alert variant="warning" className="py-2 mb-0" data-testid="unreadable-batches">
      {tabName && `${tabName}：`}
      {t('player.unreadable', { count: tab.unreadable.length, batches })}
    </Alert>
  );
}
