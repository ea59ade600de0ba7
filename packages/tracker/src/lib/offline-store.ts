import { readStorage, StorageKeys, writeStorage } from './storage.ts';

/** One page's offline recording as kept in local storage. */
export interface SavedOfflinePage {
  /** Random per page: a page saving again replaces its own entry, never another page's. */
  page: string;
  timestamp: number;
  url: string;
  userID: string | null;
  metadata: Record<string, string>;
  commits: string[][];
}

/**
 * Every page of an offline recording is kept (a visit across two pages must upload both, not only the
 * last). An entry of the older single-page form is read as one page.
 */
export function readSavedOfflinePages(): SavedOfflinePage[] {
  const raw = readStorage('local', StorageKeys.offline);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.filter(
      (p): p is SavedOfflinePage =>
        !!p && typeof p === 'object' && Array.isArray(p.commits) && typeof p.timestamp === 'number',
    );
  } catch {
    return [];
  }
}

/** Saves (or replaces) this page's entry; false when storage refuses it. */
export function saveOfflinePage(entry: SavedOfflinePage): boolean {
  const others = readSavedOfflinePages().filter((p) => p.page !== entry.page);
  return writeStorage('local', StorageKeys.offline, JSON.stringify([...others, entry]));
}

export function clearSavedOfflinePages(): void {
  writeStorage('local', StorageKeys.offline, null);
}
