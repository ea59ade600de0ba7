import type { AgentEventName, AssistConfig } from '@atrium/protocol/assist';

// Hand-written checks of what agents send, mirroring agentEventData in @atrium/protocol/assist: the
// protocol's zod schemas would add ~35 KB gzip to the learner's page for a handful of shapes.
// agent-data.test.ts holds both to the same answers.

const isPoint = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && Number.isFinite(v[0]) && Number.isFinite(v[1]);
const str = (max: number) => (v: unknown) => typeof v === 'string' && v.length <= max;
const any = () => true;

const checks: Record<AgentEventName, (v: unknown) => boolean> = {
  request_control: (v) => v === null || v === undefined || str(200)(v),
  release_control: any,
  scroll: isPoint,
  click: isPoint,
  move: isPoint,
  focus: (v) => Number.isInteger(v) && (v as number) >= 0,
  input: str(10_000),
  startAnnotation: isPoint,
  moveAnnotation: isPoint,
  stopAnnotation: any,
  call_end: any,
  _agent_name: str(200),
  videofeed: (v) =>
    typeof v === 'object' &&
    v !== null &&
    str(300)((v as { streamId?: unknown }).streamId) &&
    typeof (v as { enabled?: unknown }).enabled === 'boolean',
  request_recording: str(2000),
  stop_recording: any,
};

export const AGENT_EVENTS = Object.keys(checks) as AgentEventName[];

export function validAgentData(event: AgentEventName, data: unknown): boolean {
  return checks[event]?.(data) ?? false;
}

export function parseAssistConfig(v: unknown): AssistConfig | null {
  if (typeof v !== 'object' || v === null) return null;
  const c = v as Partial<AssistConfig>;
  if (typeof c.peer?.path !== 'string' || typeof c.peer.key !== 'string' || !Array.isArray(c.iceServers))
    return null;
  const ice = c.iceServers.filter(
    (s) =>
      s &&
      (typeof s.urls === 'string' || (Array.isArray(s.urls) && s.urls.every((u) => typeof u === 'string'))),
  );
  const token = typeof c.peer.token === 'string' ? { token: c.peer.token } : {};
  return { peer: { path: c.peer.path, key: c.peer.key, ...token }, iceServers: ice };
}
