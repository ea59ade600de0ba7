/** At most this many learners side by side: four mirrors still read at a laptop's width (issue 21). */
export const MULTIVIEW_MAX = 4;

export interface MultiviewSession {
  projectKey: string;
  sessionId: string;
}

/** The multiview's address for sessions given as `projectKey/sessionId`. */
export function multiviewPath(keys: readonly string[]): string {
  const query = new URLSearchParams(keys.slice(0, MULTIVIEW_MAX).map((k) => ['s', k]));
  return `/live/multiview?${query}`;
}

/** The sessions a multiview address names (malformed entries and repeats left out, at most four). */
export function multiviewSessions(search: URLSearchParams): MultiviewSession[] {
  const out: MultiviewSession[] = [];
  for (const value of new Set(search.getAll('s'))) {
    const match = /^([^/]{1,200})\/([0-9a-f-]{36})$/i.exec(value);
    if (match) out.push({ projectKey: match[1] as string, sessionId: match[2] as string });
  }
  return out.slice(0, MULTIVIEW_MAX);
}
