export * from './account.ts';
export * from './assist.ts';
export * from './courses.ts';
export * from './error.ts';
export * from './impersonation.ts';
export * from './notify.ts';
export * from './oidc.ts';
export * from './profile.ts';
// The staff APIs' types only: their schemas (which import the tracker's) stay out of what the portal bundles
// from this entry; the server and the console import them from `@atrium/protocol/recordings` and
// `@atrium/protocol/tracker-settings` (ADR 0046).
export type * from './recordings.ts';
export type * from './tab-recordings.ts';
export * from './tasks.ts';
export type * from './tracker-settings.ts';
export * from './training.ts';
export * from './validation.ts';
