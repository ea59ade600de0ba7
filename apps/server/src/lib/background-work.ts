/**
 * The background work of one app (mails and tasks sent after the answer, ADR 0002): each routes plugin adds
 * how to finish its own, so closing the app, or a test that asserts "no mail was sent", can wait for all of it
 * instead of sleeping and hoping.
 */
export class BackgroundWork {
  private readonly flushers = new Set<() => Promise<void>>();

  add(flush: () => Promise<void>): void {
    this.flushers.add(flush);
  }

  /** Resolves once everything started so far (and what it started in turn) has finished. */
  async settle(): Promise<void> {
    for (const flush of this.flushers) await flush();
  }
}
