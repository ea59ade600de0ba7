/**
 * The tracker Metadata key under which the portal passes the learner assertion of `POST /v1/user/tracking-assertion`:
 * the ingest records the learner it names as verified, apart from the `userID` the page claims (ADR 0045).
 */
export const LEARNER_METADATA_KEY = 'atrium.learner';
