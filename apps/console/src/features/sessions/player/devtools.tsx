import { Tab, Tabs } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { SessionDetail } from '../sessions-api.ts';
import { ConsolePanel } from './panels/console-panel.tsx';
import { ErrorsPanel } from './panels/errors-panel.tsx';
import { EventsPanel } from './panels/events-panel.tsx';
import { MetadataPanel } from './panels/metadata-panel.tsx';
import { NetworkPanel } from './panels/network-panel.tsx';
import { PerformancePanel } from './panels/performance-panel.tsx';
import type { TabRecording } from './recording.ts';

/** The devtools beside the replay, all reading the same playhead (`offset`, ms from `startTime`). */
export function Devtools({
  session,
  tab,
  startTime,
  offset,
  duration,
  panel,
  onPanel,
  onSeek,
}: {
  session: SessionDetail;
  tab: TabRecording;
  startTime: number;
  offset: number;
  duration: number;
  panel: string;
  onPanel: (panel: string) => void;
  onSeek: (offset: number) => void;
}) {
  const { t } = useTranslation();
  const now = startTime + offset;
  const common = { startTime, now, onSeek };
  const count = (label: string, n: number) => (n ? `${label} (${n})` : label);
  return (
    <Tabs activeKey={panel} onSelect={(key) => key && onPanel(key)} className="mb-2" mountOnEnter>
      <Tab eventKey="console" title={count(t('panel.console'), tab.console.length)}>
        <ConsolePanel items={tab.console} {...common} />
      </Tab>
      <Tab eventKey="network" title={count(t('panel.network'), tab.network.length)}>
        <NetworkPanel items={tab.network} duration={duration} {...common} />
      </Tab>
      <Tab eventKey="errors" title={count(t('panel.errors'), tab.errors.length)}>
        <ErrorsPanel items={tab.errors} {...common} />
      </Tab>
      <Tab eventKey="performance" title={t('panel.performance')}>
        <PerformancePanel
          vitals={tab.vitals}
          timings={tab.timings}
          track={tab.performance}
          duration={duration}
          {...common}
        />
      </Tab>
      <Tab eventKey="events" title={count(t('panel.events'), tab.activity.length)}>
        <EventsPanel items={tab.activity} {...common} />
      </Tab>
      <Tab eventKey="metadata" title={t('panel.metadata')}>
        <MetadataPanel session={session} tab={tab} />
      </Tab>
    </Tabs>
  );
}
