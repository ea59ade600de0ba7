import { agentEventData, assistConfig } from '@atrium/protocol/assist';
import { describe, expect, it } from 'vitest';
import { AGENT_EVENTS, parseAssistConfig, validAgentData } from './agent-data.ts';

// The plugin's hand-written checks must answer as the protocol's zod schemas do.
const samples: unknown[] = [
  undefined,
  null,
  '',
  'x',
  'x'.repeat(201),
  'x'.repeat(10_001),
  0,
  3,
  -1,
  1.5,
  [1, 2],
  [1, 'a'],
  [1, 2, 3],
  [Number.NaN, 1],
  { streamId: 's', enabled: true },
  { streamId: 's' },
  {},
];

describe('agent data checks', () => {
  it('agree with agentEventData for every event and sample', () => {
    expect([...AGENT_EVENTS].sort()).toEqual(Object.keys(agentEventData).sort());
    for (const e of AGENT_EVENTS)
      for (const v of samples)
        expect([e, v, validAgentData(e, v)]).toEqual([e, v, agentEventData[e].safeParse(v).success]);
  });

  it('reads the relay config like assistConfig', () => {
    const good = { peer: { path: '/peerjs', key: 'peerjs' }, iceServers: [{ urls: 'stun:x' }] };
    expect(parseAssistConfig(good)).toEqual(assistConfig.parse(good));
    expect(parseAssistConfig({ peer: {} })).toBeNull();
    expect(parseAssistConfig(null)).toBeNull();
  });
});
