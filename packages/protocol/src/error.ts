import type { z } from 'zod';
import type { errorBody } from './http.ts';

/** The one error shape of every failed call: `{ message, code }` (docs/adr/0004); its schema is `http.errorBody`. */
export type ApiErrorBody = z.infer<typeof errorBody>;
