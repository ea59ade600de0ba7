import { REMOTE_CONTROL_TIMEOUT_MS } from '@atrium/protocol/assist';
import type { ConfirmHandle } from './confirm-window.ts';

export enum RCStatus {
  Disabled = 0,
  Requesting = 1,
  Enabled = 2,
}

export interface RemoteControlDeps {
  /** Opens the confirm window for this agent. */
  confirm(agentName: string | null): ConfirmHandle;
  granted(agentId: string, agentName: string | null): void;
  /** `denied`: the learner said no (or let the request time out), not a plain release. */
  released(agentId: string, denied: boolean): void;
  busy(agentId: string): void;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** The session-storage key of the granted agent: the `session_control_peer_key` option (spec 2 §3). */
  key: string;
}

/**
 * Remote control as spec 2 §4: Disabled → Requesting (confirm window) → Enabled, or back to Disabled on
 * decline, 30 s without an answer, release, the agent leaving, or the tab being hidden. Only the granted
 * agent's pointer and keyboard are applied (`isGranted`).
 */
export class RemoteControl {
  status = RCStatus.Disabled;
  agentId: string | null = null;
  private agentName: string | null = null;
  private confirm: ConfirmHandle | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: RemoteControlDeps) {}

  request(agentId: string, agentName: string | null): void {
    if (this.status === RCStatus.Enabled) {
      if (agentId === this.agentId) this.deps.granted(agentId, this.agentName);
      else this.deps.busy(agentId);
      return;
    }
    if (this.status === RCStatus.Requesting) {
      // The same agent asking again withdraws the request; another agent is told the learner is busy.
      if (agentId === this.agentId) this.release(false);
      else this.deps.busy(agentId);
      return;
    }
    this.status = RCStatus.Requesting;
    this.agentId = agentId;
    this.agentName = agentName;
    this.timer = setTimeout(() => {
      if (this.status === RCStatus.Requesting) this.release(true);
    }, REMOTE_CONTROL_TIMEOUT_MS);
    const confirm = this.deps.confirm(agentName);
    this.confirm = confirm;
    void confirm.answer.then((yes) => {
      if (this.confirm !== confirm) return; // already settled by a release
      this.confirm = null;
      if (yes) this.grant(agentId, agentName);
      else if (this.status === RCStatus.Requesting) this.release(true);
    });
  }

  private grant(agentId: string, agentName: string | null): void {
    this.clearPending();
    this.status = RCStatus.Enabled;
    this.agentId = agentId;
    this.agentName = agentName;
    try {
      this.deps.storage?.setItem(this.deps.key, agentId);
    } catch {
      // storage refused: control simply is not resumed after a reload
    }
    this.deps.granted(agentId, agentName);
  }

  /** Ends a request or control. `keepStored`: the tab was hidden, showing it again may resume. */
  release(denied = false, keepStored = false): void {
    const id = this.agentId;
    if (this.status === RCStatus.Disabled || id === null) return;
    this.clearPending();
    this.status = RCStatus.Disabled;
    this.agentId = null;
    this.agentName = null;
    if (!keepStored) this.forgetStored();
    this.deps.released(id, denied);
  }

  /** The agent left or released: only theirs is ended. `keepStored`: only our socket dropped. */
  releaseFor(agentId: string, keepStored = false): void {
    if (this.agentId === agentId) this.release(false, keepStored);
  }

  isGranted(agentId: string): boolean {
    return this.status === RCStatus.Enabled && this.agentId === agentId;
  }

  /** Resumes control for the stored agent if it is still connected (tab shown again, page reloaded). */
  resume(connected: (agentId: string) => string | null | undefined): boolean {
    if (this.status !== RCStatus.Disabled) return false;
    let stored: string | null = null;
    try {
      stored = this.deps.storage?.getItem(this.deps.key) ?? null;
    } catch {
      stored = null;
    }
    if (!stored) return false;
    const name = connected(stored);
    if (name === undefined) return false;
    this.grant(stored, name);
    return true;
  }

  forgetStored(): void {
    try {
      this.deps.storage?.removeItem(this.deps.key);
    } catch {
      // nothing stored
    }
  }

  private clearPending(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const c = this.confirm;
    this.confirm = null;
    c?.remove();
  }
}
