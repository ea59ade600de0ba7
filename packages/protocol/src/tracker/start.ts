import { z } from 'zod';

/**
 * The session start call (spec 2 §3, §7): POST {ingest}/v1/web/start. `userAgent` comes from the browser's
 * header. `token` is the previous session token of this tab, to continue its session.
 */
export const startRequest = z.object({
  trackerVersion: z.string().max(40),
  projectKey: z.string().min(1).max(200),
  reset: z.boolean().optional(),
  timestamp: z.number(),
  doNotRecord: z.boolean(),
  bufferDiff: z.number(),
  userID: z.string().max(500).nullable().optional(),
  /** The visitor's id from an earlier session's start answer (kept by the tracker in local storage). */
  userUUID: z.string().max(100).nullable().optional(),
  token: z.string().max(4000).nullable().optional(),
  deviceMemory: z.number().nullable().optional(),
  jsHeapSizeLimit: z.number().nullable().optional(),
  timezone: z.string().max(20),
  condition: z.string().max(500).nullable().optional(),
  assistOnly: z.boolean(),
  width: z.number(),
  height: z.number(),
  url: z.string().max(8000),
  referrer: z.string().max(8000),
  tabId: z.string().max(100),
});
export type StartRequest = z.infer<typeof startRequest>;

export const canvasQuality = z.enum(['low', 'medium', 'high']);

/** Every field of spec §3. The tracker checks it as §5 says ('Incorrect server response'). */
export const startResponse = z.object({
  token: z.string(),
  userUUID: z.string(),
  projectID: z.string(),
  /** Largest batch body in bytes the server accepts. */
  beaconSizeLimit: z.number().optional(),
  /** Bodies larger than this many bytes are sent gzip-compressed. */
  compressionThreshold: z.number().optional(),
  /** Server clock minus tracker clock (ms); the tracker adds it to its timestamps. */
  delay: z.number(),
  sessionID: z.string(),
  startTimestamp: z.number().optional(),
  userBrowser: z.string(),
  userCity: z.string(),
  userCountry: z.string(),
  userDevice: z.string(),
  userOS: z.string(),
  userState: z.string(),
  canvasEnabled: z.boolean(),
  canvasQuality: canvasQuality,
  canvasFPS: z.number(),
  assistOnly: z.boolean(),
  features: z.array(z.string()),
});
export type StartResponse = z.infer<typeof startResponse>;

/** POST {ingest}/v1/web/not-started → 204/200. */
export const notStartedRequest = z.object({
  trackerVersion: z.string().max(40),
  projectKey: z.string().min(1).max(200),
  doNotTrack: z.boolean(),
  reason: z.string().max(200),
});
export type NotStartedRequest = z.infer<typeof notStartedRequest>;

// In a module of its own, so the assist plugin reads it without this file's schemas.
export { LEARNER_METADATA_KEY } from './learner-metadata-key.ts';
