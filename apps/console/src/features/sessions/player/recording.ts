import { MessageType, PERFORMANCE_WINDOW_MS, TRACKER_TICK_MS } from '@atrium/protocol/tracker/messages';
import type { BatchLine } from './decode-batch.ts';

/** An rrweb event as the replayer takes it. */
export interface ReplayEvent {
  type: number;
  data: unknown;
  timestamp: number;
}

/**
 * `signal`: a moment found at ingest — a rage, dead or error click, or a pointer shake (ADR 0057); `note`: a
 * staff member's note on the moment (ADR 0064).
 */
export type MarkerKind = 'page' | 'click' | 'signal' | 'error' | 'request' | 'gap' | 'note';

/** Everything shown beside the replay carries the epoch-ms time it happened at. */
interface Timed {
  time: number;
}
export interface ConsoleItem extends Timed {
  level: string;
  text: string;
}
export interface NetworkItem extends Timed {
  kind: string;
  method: string;
  url: string;
  status: number;
  duration: number;
  size: number;
  request: { headers?: Record<string, string>; body?: string | null };
  response: { headers?: Record<string, string>; body?: string | null };
  failed: boolean;
  /** A file the page loaded (ResourceTiming): no status or headers, its sizes instead (0 = hidden). */
  resource?: { ttfb: number; transferSize: number; encodedBodySize: number; cached: boolean };
}
export interface StackFrame {
  functionName: string;
  fileName: string;
  lineNumber: number;
  columnNumber: number;
}
export interface ErrorItem extends Timed {
  name: string;
  message: string;
  frames: StackFrame[];
}
export interface EventItem extends Timed {
  kind: 'click' | 'input' | 'location' | 'custom' | 'issue' | 'visibility';
  label: string;
  detail: string;
}
export interface VitalItem extends Timed {
  name: string;
  value: number;
  rating: string;
}
export interface LoadTiming extends Timed {
  url: string;
  ttfb: number;
  domContentLoaded: number;
  load: number;
  firstContentfulPaint: number;
}
/** One PerformanceTrack window (2 s of visible page) ending at `time`. */
export interface PerformanceSample extends Timed {
  fps: number;
  /** Share of the tracker's timer ticks that ran, 0–100: low means a busy main thread. */
  cpu: number;
  /** JS heap in bytes, 0 where the browser does not tell (only Chromium does). */
  heapUsed: number;
  heapTotal: number;
}
export interface Marker extends Timed {
  kind: MarkerKind;
  label: string;
}

/** One tab of a session, ready for the player and its panels. */
export interface TabRecording {
  tabId: string;
  events: ReplayEvent[];
  console: ConsoleItem[];
  network: NetworkItem[];
  errors: ErrorItem[];
  activity: EventItem[];
  vitals: VitalItem[];
  timings: LoadTiming[];
  /** The performance track (capturePerformanceTrack), one sample per 2 s window. */
  performance: PerformanceSample[];
  markers: Marker[];
  metadata: Record<string, string>;
  /** The page's own user id (message 28), when it set one. */
  userId: string | null;
  /** Id of the document node of the latest full snapshot: the cursor moves relative to it. */
  rootId: number | null;
  viewport: { width: number; height: number };
  /** Batches of this tab that are recorded but could not be read (shown as a notice, never skipped silently). */
  unreadable: { pageNo: number; seq: number }[];
}

const parseJson = <T>(text: unknown, fallback: T): T => {
  if (typeof text !== 'string') return fallback;
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
};
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

// rrweb: EventType.FullSnapshot = 2, IncrementalSnapshot = 3; IncrementalSource.MouseMove = 1,
// MouseInteraction = 2.
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const MOUSE_MOVE = 1;
const MOUSE_INTERACTION = 2;
const CUSTOM = 5;

/**
 * What places the cursor, in stream order: a new document (its root id and initial scroll), a window scroll,
 * a pointer sample in page coordinates (message 20), a pointer position in window coordinates (rrweb's own
 * click events).
 */
type PointerFact =
  | { time: number; kind: 'root'; id: number; x: number; y: number }
  | { time: number; kind: 'scroll'; x: number; y: number }
  | { time: number; kind: 'page'; x: number; y: number }
  | { time: number; kind: 'window'; x: number; y: number };

const cursorAt = (time: number, x: number, y: number, id: number): ReplayEvent => ({
  type: INCREMENTAL,
  data: { source: MOUSE_MOVE, positions: [{ x, y, id, timeOffset: 0 }] },
  timestamp: time,
});

/**
 * The cursor moves the replayer gets. rrweb draws a position in the recorded window's coordinates over the
 * replayed frame, but the tracker samples the pointer in page coordinates (pageX/pageY: its bundle has no room
 * for a conversion), so each sample loses the window scroll of its moment. Where the pointer last was is also
 * repeated on the document root after a click (rrweb's click names its target, which a navigation may remove,
 * and a seek then cannot place the cursor) and at every new document (a seek starts from the latest one and
 * drops what came before it): the pointer stays put until the learner moves it.
 */
function cursorMoves(facts: PointerFact[]): ReplayEvent[] {
  const moves: ReplayEvent[] = [];
  let root: number | null = null;
  let scroll = { x: 0, y: 0 };
  let last: { x: number; y: number } | null = null;
  // Stable: facts of one moment keep their stream order (the tracker sends the scroll before the pointer).
  for (const f of [...facts].sort((a, b) => a.time - b.time)) {
    if (f.kind === 'root') {
      root = f.id;
      scroll = { x: f.x, y: f.y };
      if (last) moves.push(cursorAt(f.time, last.x, last.y, root));
    } else if (f.kind === 'scroll') {
      scroll = { x: f.x, y: f.y };
    } else if (root !== null) {
      last = f.kind === 'page' ? { x: f.x - scroll.x, y: f.y - scroll.y } : { x: f.x, y: f.y };
      moves.push(cursorAt(f.time, last.x, last.y, root));
    }
  }
  return moves;
}

function emptyTab(tabId: string): TabRecording {
  return {
    tabId,
    events: [],
    console: [],
    network: [],
    errors: [],
    activity: [],
    vitals: [],
    timings: [],
    performance: [],
    markers: [],
    metadata: {},
    userId: null,
    rootId: null,
    viewport: { width: 0, height: 0 },
    unreadable: [],
  };
}

/**
 * Folds the session's batches, in stream order, into one TabRecording per tab. A message's time is the
 * Timestamp (type 0) before it in its batch. Pointer positions (type 20) become rrweb mouse moves so the
 * replayer draws the cursor and its trail; everything else feeds the panels and the timeline markers.
 */
export class RecordingBuilder {
  readonly tabs = new Map<string, TabRecording>();
  private lastPage = new Map<string, string>();
  private pointer = new Map<string, PointerFact[]>();

  add(batch: BatchLine): void {
    let tab = this.tabs.get(batch.tabId);
    if (!tab) {
      tab = emptyTab(batch.tabId);
      this.tabs.set(batch.tabId, tab);
    }
    if (batch.unreadable) {
      tab.unreadable.push({ pageNo: batch.pageNo, seq: batch.seq });
      return;
    }
    let pointer = this.pointer.get(batch.tabId);
    if (!pointer) {
      pointer = [];
      this.pointer.set(batch.tabId, pointer);
    }
    let time = 0;
    for (const m of batch.messages) {
      switch (m[0]) {
        case MessageType.Timestamp:
          time = num(m[1]);
          break;
        case MessageType.RrwebEvent: {
          const event = m[1] as ReplayEvent | null;
          if (!event || typeof event.timestamp !== 'number') break;
          if (event.type === FULL_SNAPSHOT) {
            const data = event.data as {
              node?: { id?: number };
              initialOffset?: { left?: number; top?: number };
            };
            if (typeof data?.node?.id === 'number') {
              tab.rootId = data.node.id;
              const offset = data.initialOffset;
              pointer.push({
                time: event.timestamp,
                kind: 'root',
                id: data.node.id,
                x: num(offset?.left),
                y: num(offset?.top),
              });
            }
          } else if (event.type === INCREMENTAL) {
            const d = event.data as { source?: number; x?: unknown; y?: unknown } | null;
            if (d?.source === MOUSE_INTERACTION && typeof d.x === 'number' && typeof d.y === 'number')
              pointer.push({ time: event.timestamp, kind: 'window', x: d.x, y: d.y });
          }
          tab.events.push(event);
          break;
        }
        case MessageType.MouseMove:
          if (time) pointer.push({ time, kind: 'page', x: num(m[1]), y: num(m[2]) });
          break;
        case MessageType.SetViewportScroll:
          if (time) pointer.push({ time, kind: 'scroll', x: num(m[1]), y: num(m[2]) });
          break;
        case MessageType.SetPageLocation: {
          const url = str(m[1]);
          tab.activity.push({ time, kind: 'location', label: url, detail: str(m[2]) });
          if (this.lastPage.get(tab.tabId) !== url) tab.markers.push({ time, kind: 'page', label: url });
          this.lastPage.set(tab.tabId, url);
          break;
        }
        case MessageType.SetViewportSize:
          tab.viewport = { width: num(m[1]), height: num(m[2]) };
          break;
        case MessageType.MouseClick: {
          const label = str(m[2]) || str(m[3]);
          tab.activity.push({ time, kind: 'click', label, detail: str(m[3]) });
          tab.markers.push({ time, kind: 'click', label });
          break;
        }
        case MessageType.ConsoleLog:
          tab.console.push({ time, level: str(m[1]) || 'log', text: str(m[2]) });
          break;
        case MessageType.PageLoadTiming:
          tab.timings.push({
            time,
            url: this.lastPage.get(tab.tabId) ?? '',
            ttfb: num(m[2]),
            domContentLoaded: num(m[5]),
            load: num(m[7]),
            firstContentfulPaint: num(m[9]),
          });
          break;
        case MessageType.JSException: {
          const item = {
            time,
            name: str(m[1]) || 'Error',
            message: str(m[2]),
            frames: parseJson<StackFrame[]>(m[3], []),
          };
          tab.errors.push(item);
          tab.markers.push({ time, kind: 'error', label: `${item.name}: ${item.message}` });
          break;
        }
        case MessageType.InputChange:
          tab.activity.push({ time, kind: 'input', label: str(m[4]), detail: str(m[2]) });
          break;
        case MessageType.CustomEvent:
          tab.activity.push({ time, kind: 'custom', label: str(m[1]), detail: str(m[2]) });
          break;
        case MessageType.Issue:
          tab.activity.push({ time, kind: 'issue', label: str(m[1]), detail: str(m[2]) });
          break;
        case MessageType.PageVisibility:
          tab.activity.push({ time, kind: 'visibility', label: m[1] ? 'hidden' : 'visible', detail: '' });
          break;
        case MessageType.UserID:
          tab.userId = str(m[1]) || null;
          break;
        case MessageType.Metadata:
          tab.metadata[str(m[1])] = str(m[2]);
          break;
        case MessageType.NetworkRequest: {
          const status = num(m[6]);
          const item: NetworkItem = {
            time: num(m[7]) || time,
            kind: str(m[1]),
            method: str(m[2]),
            url: str(m[3]),
            request: parseJson(m[4], {}),
            response: parseJson(m[5], {}),
            status,
            duration: num(m[8]),
            size: num(m[9]),
            failed: status === 0 || status >= 400,
          };
          tab.network.push(item);
          if (item.failed)
            tab.markers.push({
              time: item.time,
              kind: 'request',
              label: `${item.method} ${item.url} ${status}`,
            });
          break;
        }
        case MessageType.ResourceTiming: {
          const encodedBodySize = num(m[5]);
          tab.network.push({
            time: num(m[1]) || time,
            kind: str(m[8]) || 'other',
            method: 'GET',
            url: str(m[7]),
            request: {},
            response: {},
            // The Resource Timing API gives no status: a file is never shown as failed (status 0 would say so).
            status: 0,
            duration: num(m[2]),
            size: num(m[6]) || encodedBodySize,
            failed: false,
            resource: { ttfb: num(m[3]), transferSize: num(m[9]), encodedBodySize, cached: m[10] === true },
          });
          break;
        }
        case MessageType.PerformanceTrack:
          tab.performance.push({
            time,
            fps: num(m[1]) / (PERFORMANCE_WINDOW_MS / 1000),
            cpu: Math.min(100, Math.round((num(m[2]) * TRACKER_TICK_MS * 100) / PERFORMANCE_WINDOW_MS)),
            heapTotal: num(m[3]),
            heapUsed: num(m[4]),
          });
          break;
        case MessageType.WebVital:
          tab.vitals.push({ time, name: str(m[1]), value: num(m[2]), rating: str(m[3]) });
          break;
        case MessageType.RecorderDegraded:
          tab.markers.push({ time, kind: 'gap', label: `${str(m[1])} ${str(m[2])}`.trim() });
          break;
      }
    }
  }

  /**
   * The tabs, the one that began first first (the player opens it; the stream's batch order says nothing
   * about which tab came first), each with its events in time order (batches of one tab may interleave with
   * others').
   */
  finish(): TabRecording[] {
    const byTime = (a: Timed, b: Timed) => a.time - b.time;
    const lists = (tab: TabRecording): Timed[][] => [
      tab.console,
      tab.network,
      tab.errors,
      tab.activity,
      tab.vitals,
      tab.performance,
      tab.markers,
    ];
    const began = (tab: TabRecording) =>
      Math.min(
        ...tab.events.map((e) => e.timestamp),
        ...lists(tab).flatMap((l) => l.map((item) => item.time)),
      );
    const tabs = [...this.tabs.values()].sort((a, b) => began(a) - began(b));
    return tabs.map((tab) => {
      // After the recorded events, so that at one moment the cursor comes after the click or page it follows.
      tab.events.push(...cursorMoves(this.pointer.get(tab.tabId) ?? []));
      tab.events.sort((a, b) => a.timestamp - b.timestamp);
      // The replay lasts until the last thing recorded, not only the last DOM change: a closing custom
      // event (rrweb type 5, which the replayer ignores) keeps a late error or request on the timeline.
      const last = Math.max(...lists(tab).map((l) => l.reduce((max, item) => Math.max(max, item.time), 0)));
      const lastEvent = tab.events.at(-1);
      if (lastEvent && last > lastEvent.timestamp) {
        tab.events.push({ type: CUSTOM, data: { tag: 'atrium-end', payload: null }, timestamp: last });
      }
      for (const list of lists(tab)) list.sort(byTime);
      return tab;
    });
  }
}
