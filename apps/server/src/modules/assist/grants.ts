/**
 * Which agent each visitor tab has granted remote control, learned only from the visitor's own
 * `control_granted` / `control_rejected` and from disconnects. Every process keeps a copy; changes are
 * shared with the others through socket.io's server-side emit (the Redis adapter carries them), so an
 * agent on another process than the visitor is checked the same way. A process that starts later knows
 * no grants: it fails closed (control events dropped) until the visitor grants again.
 */
export class ControlGrants {
  private readonly byTab = new Map<string, string>();

  private static key(room: string, tabId: string) {
    return `${room}\u0000${tabId}`;
  }

  get(room: string, tabId: string): string | undefined {
    return this.byTab.get(ControlGrants.key(room, tabId));
  }

  set(room: string, tabId: string, agentId: string | null) {
    const k = ControlGrants.key(room, tabId);
    if (agentId) this.byTab.set(k, agentId);
    else this.byTab.delete(k);
  }

  /** Forgets every grant held by an agent that left. */
  dropAgent(agentId: string) {
    for (const [k, v] of this.byTab) if (v === agentId) this.byTab.delete(k);
  }
}
