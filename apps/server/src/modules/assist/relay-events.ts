import {
  type AgentEventName,
  agentEventData,
  type VisitorEventName,
  visitorEventData,
} from '@atrium/protocol/assist';
import { z } from 'zod';

// `data` may be absent: an emit with undefined data arrives as `{ meta }` after JSON.
export const envelope = z.object({
  meta: z.object({ tabId: z.string().min(1).max(200) }).loose(),
  data: z.unknown().optional(),
});

// Maps, not `name in table`: a client's event name is any string, and `'toString' in {}` is true.
const visitorEvents = new Map<string, z.ZodType>(Object.entries(visitorEventData));
const agentEvents = new Map<string, z.ZodType>(Object.entries(agentEventData));

/** The protocol's schema for a visitor event of this name, or undefined for any other name. */
export function visitorEvent(name: string): { name: VisitorEventName; data: z.ZodType } | undefined {
  const data = visitorEvents.get(name);
  return data ? { name: name as VisitorEventName, data } : undefined;
}

/** The protocol's schema for an agent event of this name, or undefined for any other name. */
export function agentEvent(name: string): { name: AgentEventName; data: z.ZodType } | undefined {
  const data = agentEvents.get(name);
  return data ? { name: name as AgentEventName, data } : undefined;
}
