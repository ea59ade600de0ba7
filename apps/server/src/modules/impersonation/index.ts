// The impersonation module's public entry: what other modules and the composition root may use of it. Anything not
// exported here is the module's own (scripts/check-boundaries.mjs fails the build otherwise).

export { auditImpersonatedChange } from './audit-impersonated-change.ts';
export { refuseImpersonated } from './refuse-impersonated.ts';
export { refuseInLearnersVoice } from './refuse-in-learners-voice.ts';
