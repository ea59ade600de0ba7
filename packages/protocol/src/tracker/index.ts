export * from './batch.ts';
export * from './extras.ts';
export * from './learner-metadata-key.ts';
export * from './messages.ts';
export * from './paths.ts';
export * from './start.ts';
