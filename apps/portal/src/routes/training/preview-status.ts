import { useCurrentUser } from '@atrium/web/app/session.ts';
import { useSyncExternalStore } from 'react';

/** Spec 1 §3/§4: previewStatus in persistent storage, 0 (normal) or preview. */
export const PREVIEW_KEY = 'previewStatus';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(PREVIEW_KEY) === 'preview';
  } catch {
    return false;
  }
}

export function setPreviewMode(on: boolean): void {
  try {
    localStorage.setItem(PREVIEW_KEY, on ? 'preview' : '0');
  } catch {
    // Storage refused (private mode): preview just does not stick.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === PREVIEW_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * True in preview mode; class and sub-chapter loads then carry preview=1. Preview is staff's: the setting stays
 * in the browser while an admin views the portal as a learner (impersonation) or a learner signs in after
 * staff, and asking for it then would make every class answer 403 (issue 23), so for a learner it is off.
 */
export function usePreviewMode(): boolean {
  const stored = useSyncExternalStore(subscribe, read);
  const user = useCurrentUser();
  return stored && user.role !== 'learner';
}
