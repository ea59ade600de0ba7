/**
 * Which agent a learner let record a tab (issue 18, finding 13): an agent's `request_recording` to a tab
 * is noted, and only the visitor's own `recording_accepted` naming that agent's socket turns it into a
 * consent, kept for the agent's account and the session. An upload spends one consent. Like grants, every
 * process keeps a copy, told of each change through socket.io's server-side emit.
 */
export class RecordingConsents {
  private readonly requests = new Map<string, { userId: string; sessionId: string; at: number }>();
  private readonly consents = new Map<string, number[]>();

  constructor(
    /** How long the learner has to answer a request. */
    private readonly requestTtlMs = 10 * 60_000,
    /** How long after the learner accepted the agent may upload what it recorded. */
    private readonly consentTtlMs = 6 * 3_600_000,
    private readonly now: () => number = Date.now,
  ) {}

  requested(room: string, tabId: string, agentSocketId: string, userId: string, sessionId: string) {
    this.sweep();
    this.requests.set(`${room}\u0000${tabId}\u0000${agentSocketId}`, { userId, sessionId, at: this.now() });
  }

  /** The learner's answer; true when it matched a request of that agent to that tab. */
  accepted(room: string, tabId: string, agentSocketId: string): boolean {
    const key = `${room}\u0000${tabId}\u0000${agentSocketId}`;
    const request = this.requests.get(key);
    this.requests.delete(key);
    if (!request || this.now() - request.at > this.requestTtlMs) return false;
    const k = RecordingConsents.key(request.sessionId, request.userId);
    this.consents.set(k, [...(this.consents.get(k) ?? []), this.now()]);
    return true;
  }

  /** Spends the oldest live consent of this account for this session; false when there is none. */
  take(sessionId: string, userId: string): boolean {
    this.sweep();
    const k = RecordingConsents.key(sessionId, userId);
    const list = this.consents.get(k);
    if (!list?.length) return false;
    list.shift();
    if (list.length === 0) this.consents.delete(k);
    return true;
  }

  private static key(sessionId: string, userId: string) {
    return `${sessionId}\u0000${userId}`;
  }

  private sweep() {
    const t = this.now();
    for (const [k, r] of this.requests) if (t - r.at > this.requestTtlMs) this.requests.delete(k);
    for (const [k, list] of this.consents) {
      const live = list.filter((at) => t - at <= this.consentTtlMs);
      if (live.length) this.consents.set(k, live);
      else this.consents.delete(k);
    }
  }
}
