// Build-time stand-in for zod in the plugin's bundles (see vite.config.ts): every property and call gives
// the same inert function, so the protocol module's schema definitions evaluate to nothing. Never imported
// by source code; tests and type checks use the real zod.
const inert: unknown = new Proxy(() => inert, { get: () => inert, apply: () => inert });
export const z = inert;
export default inert;
