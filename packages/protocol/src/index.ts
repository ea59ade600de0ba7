export * from './account.ts';
export * from './error.ts';
export * from './validation.ts';
