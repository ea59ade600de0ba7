import { z } from 'zod';

/**
 * What every HTTP route of the API shares on the wire: the one error body of every failed call
 * (`{ message, code }`, ADR 0004) and the OpenAPI security of a signed-in call (the session token as
 * `Authorization: Bearer` or the `token` cookie, spec 1 §7). Routes use these; none defines its own.
 */
export const errorBody = z.object({ message: z.string(), code: z.string() });

export const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
