import { INGEST_PATHS } from '@atrium/protocol/tracker/paths';
import type { App } from '../app.ts';
import { readStorage, StorageKeys, writeStorage } from '../lib/storage.ts';
import type { FeatureFlag } from '../options.ts';

/** Feature flags: loaded after start, persisted ones kept in local storage and sent back. */
export class FeatureFlags {
  flags: FeatureFlag[] = [];
  private listeners = new Set<(flags: FeatureFlag[]) => void>();

  constructor(private readonly app: App) {
    const cb = app.options.flags.onFlagsLoad;
    if (cb) this.listeners.add(cb);
  }

  onLoad(fn: (flags: FeatureFlag[]) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  isEnabled(key: string): boolean {
    const f = this.flags.find((x) => x.key === key);
    return !!f && f.value !== false;
  }

  get(key: string): FeatureFlag | undefined {
    return this.flags.find((x) => x.key === key);
  }

  async reload(token: string, projectID: string): Promise<FeatureFlag[]> {
    const stored = readStorage('local', StorageKeys.flags);
    let persistFlags: Record<string, unknown> | undefined;
    try {
      persistFlags = stored ? (JSON.parse(stored) as Record<string, unknown>) : undefined;
    } catch {
      persistFlags = undefined;
    }
    const res = await this.app.fetch(`${this.app.options.ingestPoint}${INGEST_PATHS.featureFlags}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ projectID, userID: this.app.userID, metadata: this.app.metadata, persistFlags }),
    });
    if (!res.ok) return this.flags;
    const json = (await res.json()) as { flags?: FeatureFlag[] };
    this.flags = Array.isArray(json.flags) ? json.flags : [];
    const persist: Record<string, unknown> = {};
    for (const f of this.flags) if (f.is_persist) persist[f.key] = f.value;
    writeStorage('local', StorageKeys.flags, Object.keys(persist).length ? JSON.stringify(persist) : null);
    for (const fn of this.listeners) fn(this.flags);
    for (const f of this.flags)
      if (f.value !== false) this.app.conditions?.feed({ type: 'feature_flag', key: f.key });
    return this.flags;
  }
}
