import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditChange } from '../../lib/audit-change.ts';
import { certificateConsoleRoutes } from './certificate-console-routes.ts';
import { classConsoleRoutes } from './class-console-routes.ts';
import { homeConsoleRoutes } from './home-console-routes.ts';
import { invitationConsoleRoutes } from './invitation-console-routes.ts';
import { linkConsoleRoutes } from './link-console-routes.ts';
import { memberConsoleRoutes } from './member-console-routes.ts';
import { outlineConsoleRoutes } from './outline-console-routes.ts';
import { sessionConsoleRoutes } from './session-console-routes.ts';

/**
 * Classes, their members, links, outline, sessions, attendance and certificates (console), a routes file
 * each. Mounted at /v1/console/community. Reads are for every staff member, changes for admins; every change
 * is audited (the hook covers the routes registered below it).
 */
export const trainingConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onResponse', auditChange);
  for (const routes of [
    classConsoleRoutes,
    memberConsoleRoutes,
    invitationConsoleRoutes,
    linkConsoleRoutes,
    outlineConsoleRoutes,
    sessionConsoleRoutes,
    certificateConsoleRoutes,
    homeConsoleRoutes,
  ])
    await app.register(routes);
};
