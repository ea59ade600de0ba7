import { randomUUID } from 'node:crypto';
import type { StartRequest, StartResponse } from '@atrium/protocol/tracker/index';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ingestSessions } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Visitor } from './describe-visitor.ts';
import { findProjectByKey, projectFeatures } from './find-project.ts';
import { isSessionActive } from './session-activity.ts';
import { signSessionToken, verifySessionToken } from './session-token.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StartSettings {
  secret: string;
  beaconSizeLimit: number;
  compressionThreshold: number;
  sessionIdleSeconds: number;
  /** Bytes one recorded session may store; 0 = no bound (ADR 0014). */
  maxSessionBytes: number;
}

/** A session that stored its quota is over: start refuses to continue it, so the tracker stops (ADR 0014). */
export const sessionQuotaExceeded = (status: 401 | 403) =>
  new AppError(status, 'session_quota_exceeded', '此錄影工作階段已達儲存上限，錄影已停止');

/**
 * The tracker's start call: continues the tab's session when its previous token is still good
 * (same project, session not ended by inactivity), otherwise opens a new one. A conditional start
 * (`doNotRecord`) answers the same fields but records nothing until the real start follows.
 */
export async function startSession(
  db: Database,
  settings: StartSettings,
  input: {
    request: StartRequest;
    visitor: Visitor;
    userAgent: string;
    now?: number;
    /**
     * Asked before a new session is recorded (never for a continued one): false when this address started its
     * quota of sessions of the project this hour.
     */
    mayOpenSession?: (projectId: string) => Promise<boolean>;
  },
): Promise<StartResponse> {
  const now = input.now ?? Date.now();
  const req = input.request;
  const project = await findProjectByKey(db, req.projectKey);
  if (!project) throw notFound('找不到此專案', 'project_not_found');

  let sessionId: string | null = null;
  // The visitor's id of an earlier session comes back from the tracker's local storage (OpenReplay's
  // behaviour); anything but a UUID is ignored. It groups a visitor's sessions, it grants nothing.
  let userUuid: string = req.userUUID && UUID.test(req.userUUID) ? req.userUUID.toLowerCase() : randomUUID();
  let existing: typeof ingestSessions.$inferSelect | undefined;
  const previous =
    req.token && !req.reset
      ? verifySessionToken(settings.secret, req.token, { now, allowExpired: true })
      : null;
  if (previous && previous.projectId === project.id) {
    [existing] = await db
      .select()
      .from(ingestSessions)
      .where(eq(ingestSessions.id, previous.sessionId))
      .limit(1);
    if (existing && isSessionActive(existing.lastActivityAt, settings.sessionIdleSeconds, now)) {
      // A full session is not continued: the tracker's renewal after the batch route's 401 fails and it stops.
      if (settings.maxSessionBytes > 0 && existing.bytes >= settings.maxSessionBytes && !req.doNotRecord) {
        throw sessionQuotaExceeded(403);
      }
      sessionId = existing.id;
      userUuid = existing.userUuid;
    } else if (
      !existing &&
      previous.reserved &&
      now - previous.issuedAt < settings.sessionIdleSeconds * 1000
    ) {
      // A token from a conditional start: its session id is reserved but nothing was recorded yet. Any other
      // token without its session names a deleted recording, which is never opened again under its id.
      sessionId = previous.sessionId;
      userUuid = previous.userUuid;
    } else {
      existing = undefined;
    }
  }
  sessionId ??= randomUUID();

  let startedAt = existing?.startedAt.getTime() ?? now;
  if (!req.doNotRecord) {
    // The host page's user id may hold any text; PostgreSQL text cannot hold NUL.
    const userId = req.userID ? req.userID.slice(0, 500).replaceAll('\u0000', '') || null : null;
    if (existing) {
      await db
        .update(ingestSessions)
        // A start continues the session: a page of a tab whose last page was left (a navigation) is open again.
        .set({ lastActivityAt: new Date(now), endedAt: null, ...(userId ? { userId } : {}) })
        .where(eq(ingestSessions.id, sessionId));
    } else {
      if (input.mayOpenSession && !(await input.mayOpenSession(project.id))) {
        throw new AppError(429, 'too_many_sessions', '此位址開始的錄影工作階段過多，請稍後再試');
      }
      const [row] = await db
        .insert(ingestSessions)
        .values({
          id: sessionId,
          projectId: project.id,
          userUuid,
          userId,
          trackerVersion: req.trackerVersion,
          userAgent: input.userAgent.slice(0, 1000),
          userBrowser: input.visitor.userBrowser,
          userOs: input.visitor.userOS,
          userDevice: input.visitor.userDevice,
          userCountry: input.visitor.userCountry,
          userState: input.visitor.userState,
          userCity: input.visitor.userCity,
          timezone: req.timezone,
          width: clampInt(req.width),
          height: clampInt(req.height),
          url: req.url.slice(0, 2000),
          referrer: req.referrer.slice(0, 2000),
          assistOnly: req.assistOnly,
          startedAt: new Date(now),
          lastActivityAt: new Date(now),
        })
        // Two tabs continuing the same reserved id at once: the first insert wins, both use it.
        .onConflictDoNothing({ target: ingestSessions.id })
        .returning({ startedAt: ingestSessions.startedAt });
      if (row) startedAt = row.startedAt.getTime();
    }
  }

  // A conditional start that recorded nothing reserves the id; once recorded (or continued), it is the session's.
  const reserved = req.doNotRecord && !existing;
  const { token } = signSessionToken(
    settings.secret,
    { sessionId, projectId: project.id, userUuid, reserved },
    now,
  );
  return {
    token,
    userUUID: userUuid,
    projectID: project.id,
    beaconSizeLimit: settings.beaconSizeLimit,
    compressionThreshold: settings.compressionThreshold,
    delay: Number.isFinite(req.timestamp) ? now - req.timestamp : 0,
    sessionID: sessionId,
    startTimestamp: startedAt,
    ...input.visitor,
    canvasEnabled: project.canvasEnabled,
    canvasQuality: project.canvasQuality,
    canvasFPS: project.canvasFps,
    assistOnly: req.assistOnly,
    features: await projectFeatures(db, project.id),
  };
}

function clampInt(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.min(100_000, Math.round(n))) : 0;
}
