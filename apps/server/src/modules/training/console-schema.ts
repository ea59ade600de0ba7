import { errorBody } from '@atrium/protocol/http';

export { security } from '@atrium/protocol/http';

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** What every community console route shares: its OpenAPI tag, sign-in schemes and error answers. */
export const tags = ['console: community'];
export const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
export const noContent = { 204: z.null(), ...errors };

/** Agents read; only admins change anything (ADR 0025). */
export function staffAccess(app: FastifyInstance) {
  return { read: { onRequest: app.requireAgent }, change: { onRequest: app.requireAdmin } };
}
