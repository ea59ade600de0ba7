// The whole relational schema, one file per domain under ./schema. Each domain's tables are
// read and written only by that domain's module; others call its exported functions.
export * from './schema/account.ts';
export * from './schema/assist.ts';
export * from './schema/audit.ts';
export * from './schema/courses.ts';
export * from './schema/discussion.ts';
export * from './schema/impersonation.ts';
export * from './schema/ingest.ts';
export * from './schema/notify.ts';
export * from './schema/oidc.ts';
export * from './schema/profile.ts';
export * from './schema/replay.ts';
export * from './schema/tasks.ts';
export * from './schema/training.ts';
export * from './schema/uploads.ts';
