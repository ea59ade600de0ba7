// Worker threads start as plain Node: register tsx in this thread, then load the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./parse-batch-worker.ts');
