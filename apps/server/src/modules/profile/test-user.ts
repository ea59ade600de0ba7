// Moved to apps/server/test/create-test-user.ts. This re-export only serves the tracker journeys
// (e2e/journeys/tracker), owned elsewhere, until they import '@atrium/server/test/create-test-user'.
export { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
