// The tracker's shared states, shapes and constants: a leaf every file of the lifecycle (app.ts,
// start-protocol.ts, offline-recording.ts) imports, so none of them has to import another for these.
/** Spec §4 tracker states. */
export const ActivityState = { NotActive: 0, ColdStart: 1, Starting: 2, Active: 3 } as const;
export type ActivityState = (typeof ActivityState)[keyof typeof ActivityState];

export type Msg = unknown[];
/** One commit as JSON texts of its messages. */
export type Commit = string[];

export interface StartOptions {
  userID?: string;
  metadata?: Record<string, string>;
  /** Start a new session even if this tab has one. */
  forceNew?: boolean;
}

export type StartResult =
  | { success: true; sessionID: string; sessionToken: string; userUUID: string }
  | { success: false; reason: string };

// Cold start: a cycle lasts 30 interval units (spec §4/§9); the unit is options.coldInterval (1 s).
export const COLD_CYCLE_UNITS = 30;

export function randomId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}
