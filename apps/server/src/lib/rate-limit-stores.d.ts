// @fastify/rate-limit ships its stores without type declarations; fallback-rate-limit-store.ts wraps both.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => object;
  export default LocalStore;
}
declare module '@fastify/rate-limit/store/RedisStore.js' {
  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: import('ioredis').Redis,
    key?: string,
  ) => object;
  export default RedisStore;
}
