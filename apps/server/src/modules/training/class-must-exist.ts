import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findAdminClass } from './manage-classes.ts';

/**
 * The one class-exists check of the console's class-scoped routes (`/classes/:id/...`): a route whose class
 * is gone answers 404 class_not_found before its handler runs. It runs after input validation, as before.
 */
export function classMustExist(app: FastifyInstance) {
  return {
    preHandler: async (request: FastifyRequest) => {
      await findAdminClass(app.db, (request.params as { id: string }).id);
    },
  };
}
