// The whole relational schema, one file per domain under ./schema. Each domain's tables are
// read and written only by that domain's module; others call its exported functions.
export * from './schema/account.ts';
