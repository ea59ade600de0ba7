import { z } from 'zod';

// The CSP has no 'unsafe-eval', so zod cannot compile its fast parsers; without this setting every object
// schema probes `Function('')` when it is built, and each probe is reported as a CSP violation. Imported
// first in main.tsx: schemas are built while their modules load, before main's own code runs.
z.config({ jitless: true });
