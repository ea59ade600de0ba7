export * from './account.ts';
export * from './error.ts';
export * from './notify.ts';
export * from './profile.ts';
export * from './tasks.ts';
export * from './training.ts';
export * from './validation.ts';
