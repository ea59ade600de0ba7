/** Where a session's compacted objects live: beside its batch blobs, so removing the session's folder takes them. */
export function compactedPrefix(projectId: string, sessionId: string): string {
  return `recordings/${projectId}/${sessionId}/compacted/`;
}

/**
 * One compacted object: the tab (hashed: the client chose its id), the part number, and the claim that wrote
 * it, so a compactor whose claim lapsed never overwrites the object of the one that took over (ADR 0053).
 */
export function compactedObjectKey(
  projectId: string,
  sessionId: string,
  tabHash: string,
  part: number,
  claim: string,
): string {
  return `${compactedPrefix(projectId, sessionId)}${tabHash}-${String(part).padStart(3, '0')}-${claim}.json.gz`;
}
