// The CSP has no 'unsafe-eval', so zod cannot compile its fast parsers; without this setting every object
// schema probes `Function('')` when it is built, and each probe is reported as a CSP violation. Imported
// first in main.tsx: schemas are built while their modules load, before main's own code runs.
// zod keeps its settings in `globalThis.__zod_globalConfig` and adopts an object already there, so this
// module sets it without importing zod: screens without forms (the dashboard) then load no zod (ADR 0016).
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
