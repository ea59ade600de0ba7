// The ingest module's public entry: what other modules and the composition root may use of it. Anything not
// exported here is the module's own (scripts/check-boundaries.mjs fails the build otherwise).
export { findProjectById } from './find-project.ts';
export { findRecordingId } from './find-recording-id.ts';
export { listClickMapPages } from './list-click-map-pages.ts';
export { listIssueOccurrences, listIssues } from './list-issues.ts';
export { listSessionEvents } from './list-session-events.ts';
export { readClickMap } from './read-click-map.ts';
export {
  deleteSession,
  getSessionSummary,
  listSessionBatches,
  listSessions,
  type SessionSearch,
  streamSessionMessages,
} from './read-sessions.ts';
export { onSessionDeleted, type SessionDeletedEvent } from './session-deleted.ts';
export { signSessionToken, verifySessionToken } from './session-token.ts';
export { trackerStatic } from './tracker-static.ts';
export { verifiedLearners } from './verified-learners.ts';
