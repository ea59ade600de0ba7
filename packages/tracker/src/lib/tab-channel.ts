/**
 * Tabs of one site talk over a BroadcastChannel before a start:
 * - a tab opened with `window.open` or duplicated inherits sessionStorage, so its tab id (and page counter)
 *   is a copy: the tab that owns the id answers, and the copy takes a fresh id;
 * - a new tab without a session of its own joins the running one (spec 2 §3): a running tab answers with its
 *   token, which the start call continues.
 */
type Wire =
  | { t: 'hello'; tabId: string; from: string }
  | { t: 'answer'; to: string; sameTab: boolean; token: string | null };

export interface TabReplies {
  /** Another live tab holds this tab id: ours is a copy. */
  duplicate: boolean;
  /** A running session's token from another tab (null when none answered with one). */
  token: string | null;
}

const CHANNEL = '__atrium_tabs';

export class TabChannel {
  private readonly bc: BroadcastChannel | null;
  private readonly me = Math.random().toString(36).slice(2);
  private waiting: ((m: Extract<Wire, { t: 'answer' }>) => void) | null = null;
  private asked = false;

  constructor(
    w: Window & typeof globalThis,
    /** This tab's id and its running session's token, read at the time a question arrives. */
    private readonly self: () => { tabId: string; token: string | null },
  ) {
    this.bc = typeof w.BroadcastChannel === 'function' ? new w.BroadcastChannel(CHANNEL) : null;
    if (this.bc) this.bc.onmessage = (ev: MessageEvent<Wire>) => this.onMessage(ev.data);
  }

  private onMessage(m: Wire): void {
    if (!m || typeof m !== 'object') return;
    if (m.t === 'hello' && m.from !== this.me) {
      const s = this.self();
      if (m.tabId === s.tabId || s.token)
        this.bc?.postMessage({ t: 'answer', to: m.from, sameTab: m.tabId === s.tabId, token: s.token });
    } else if (m.t === 'answer' && m.to === this.me) this.waiting?.(m);
  }

  /**
   * Asks the other tabs; resolves after `waitMs` (sooner once a copy is detected and a token known). Asked
   * again by the same page with its session's token kept (a restart for an agent, spec 2 §4), it answers at
   * once: this page's id was settled by its first question (a copy made since asks itself and moves away),
   * and a kept token is never replaced by another tab's.
   */
  ask(
    tabId: string,
    waitMs: number,
    setTimeout: (fn: () => void, ms: number) => number,
    kept?: unknown,
  ): Promise<TabReplies> {
    const replies: TabReplies = { duplicate: false, token: null };
    if (!this.bc || (this.asked && kept)) return Promise.resolve(replies);
    this.asked = true;
    return new Promise((resolve) => {
      let finished = false;
      const done = () => {
        if (finished) return;
        finished = true;
        this.waiting = null;
        resolve(replies);
      };
      this.waiting = (a) => {
        if (a.sameTab) replies.duplicate = true;
        if (a.token) replies.token ??= a.token;
        if (replies.duplicate && replies.token) done();
      };
      setTimeout(done, waitMs);
      this.bc?.postMessage({ t: 'hello', tabId, from: this.me });
    });
  }

  close(): void {
    this.bc?.close();
  }
}
