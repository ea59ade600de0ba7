/** Storage that never throws (private mode, disabled storage, sandboxed iframes). */
export function readStorage(kind: 'session' | 'local', key: string): string | null {
  try {
    return (kind === 'session' ? sessionStorage : localStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(kind: 'session' | 'local', key: string, value: string | null): boolean {
  try {
    const s = kind === 'session' ? sessionStorage : localStorage;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export const StorageKeys = {
  token: '__atrium_session_token',
  pageNo: '__atrium_page_no',
  offline: '__atrium_offline_buffer',
  flags: '__atrium_flags',
  uxt: '__atrium_uxt',
  unsent: '__atrium_unsent',
  userUUID: '__atrium_user_uuid',
} as const;
