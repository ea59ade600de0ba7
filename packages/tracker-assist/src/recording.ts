import type { ConfirmHandle } from './confirm-window.ts';

export enum RecordingState {
  Off = 0,
  Requested = 1,
  Recording = 2,
}

export interface RecordingDeps {
  confirm(agentName: string | null): ConfirmHandle;
  accepted(agentId: string): void;
  rejected(agentId: string): void;
  busy(agentId: string): void;
  stopped(agentId: string): void;
  /** Shows or hides the 2px dashed red border. */
  border(on: boolean): void;
}

/** Tab recording consent as spec 2 §4: Off → Requested (confirm) → Recording, back to Off on stop. */
export class Recording {
  state = RecordingState.Off;
  agentId: string | null = null;
  private confirm: ConfirmHandle | null = null;

  constructor(private readonly deps: RecordingDeps) {}

  request(agentId: string, agentName: string | null): void {
    if (this.state !== RecordingState.Off) {
      if (this.state === RecordingState.Recording) this.deps.busy(agentId);
      return;
    }
    this.state = RecordingState.Requested;
    this.agentId = agentId;
    const confirm = this.deps.confirm(agentName);
    this.confirm = confirm;
    void confirm.answer.then((yes) => {
      if (this.confirm !== confirm) return;
      this.confirm = null;
      if (yes) {
        this.state = RecordingState.Recording;
        this.deps.border(true);
        this.deps.accepted(agentId);
      } else {
        this.state = RecordingState.Off;
        this.agentId = null;
        this.deps.rejected(agentId);
      }
    });
  }

  /** Stop by the recording agent (or `null`: no agent remains). */
  stop(agentId: string | null): void {
    if (this.state === RecordingState.Off) return;
    if (agentId !== null && agentId !== this.agentId) return;
    const id = this.agentId as string;
    const c = this.confirm;
    this.confirm = null;
    c?.remove();
    const wasRecording = this.state === RecordingState.Recording;
    this.state = RecordingState.Off;
    this.agentId = null;
    if (wasRecording) {
      this.deps.border(false);
      this.deps.stopped(id);
    }
  }
}
