// The notify module's public entry: what other modules and the composition root may use of it. Anything not
// exported here is the module's own (scripts/check-boundaries.mjs fails the build otherwise).
export { type ClassAudience, provideClassAudience } from './class-audience.ts';
export { sendDueBroadcasts } from './manage-broadcasts.ts';
export { notifyUser, notifyUsers } from './notify-users.ts';
