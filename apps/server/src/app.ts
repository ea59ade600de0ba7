import { zodIssueMessage } from '@atrium/protocol/zod-messages';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { connectModules } from './connect-modules.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { seedDemoAccountsOnBoot } from './db/seed/seed-demo-accounts.ts';
import { seedIngest } from './db/seed/seed-ingest.ts';
import { BackgroundWork } from './lib/background-work.ts';
import { contentSecurityPolicy } from './lib/content-security-policy.ts';
import { createBlobStore } from './lib/create-blob-store.ts';
import { errorHandler } from './lib/error-handler.ts';
import { clientErrorHandler, frameworkErrors } from './lib/framework-errors.ts';
import { loggerOptions, ownRequestLogging } from './lib/logger-options.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import { portalStatic } from './lib/portal-static.ts';
import { rateLimits } from './lib/rate-limit.ts';
import { echoRequestId, requestId } from './lib/request-id.ts';
import { requestLog } from './lib/request-log.ts';
import { responseCompression } from './lib/response-compression.ts';
import { strictTransportSecurity } from './lib/strict-transport-security.ts';
import { warnAtMostEvery } from './lib/warn-at-most-every.ts';
import { xsrf } from './lib/xsrf.ts';
import { authenticate } from './modules/account/index.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { registerAssist } from './modules/assist/assist-plugin.ts';
import { coursePlatformRoutes } from './modules/courses/routes.ts';
import { devMailRoutes } from './modules/dev-mail/routes.ts';
import { discussionConsoleRoutes } from './modules/discussion/console-routes.ts';
import { discussionRoutes } from './modules/discussion/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { auditImpersonatedChange } from './modules/impersonation/index.ts';
import { impersonationConsoleRoutes, impersonationUserRoutes } from './modules/impersonation/routes.ts';
import { ingestConsoleRoutes } from './modules/ingest/console-routes.ts';
import { trackerStatic } from './modules/ingest/index.ts';
import { learnerAssertionRoutes } from './modules/ingest/learner-assertion-routes.ts';
import { ingestRoutes } from './modules/ingest/routes.ts';
import { learnerConsoleRoutes } from './modules/learners/console-routes.ts';
import { createMetrics, metricsRoutes, SERVER_VERSION, timedBlobStore } from './modules/metrics/index.ts';
import { broadcastRoutes } from './modules/notify/broadcast-routes.ts';
import { sendDueBroadcasts } from './modules/notify/index.ts';
import { mailRoutes } from './modules/notify/mail-routes.ts';
import { notifyRoutes } from './modules/notify/routes.ts';
import { oidcRoutes } from './modules/oidc/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { replayRoutes } from './modules/replay/routes.ts';
import { taskConsoleRoutes } from './modules/tasks/console-routes.ts';
import { sendDeadlineReminders } from './modules/tasks/index.ts';
import { taskRoutes } from './modules/tasks/routes.ts';
import { trainingConsoleRoutes } from './modules/training/console-routes.ts';
import { sendClassStarting } from './modules/training/index.ts';
import { trainingRoutes } from './modules/training/routes.ts';
import { courseImageFileRoutes, courseImageUploadRoutes } from './modules/uploads/course-image-routes.ts';
import { avatarFileRoutes, avatarUploadRoutes } from './modules/uploads/routes.ts';
import { reminderSweep } from './reminder-sweep.ts';

export interface AppDeps {
  /** An already-open database (tests pass their own); otherwise one is opened from config. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  /** Where log lines go (tests capture them); standard output otherwise. */
  logStream?: { write(line: string): void };
}

/** The composition root: plugins, modules and their prefixes. Listening is main.ts's job. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  connectModules();
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    logController: ownRequestLogging(),
    // Accepted from the proxy when well formed, else made here; logged as reqId and returned (ADR 0076).
    genReqId: requestId,
    // A hop count works at run time (proxy-addr) though Fastify's types list only the other forms.
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: 1_048_576,
    // While shutting down, in-flight requests finish and new ones get 503 so a load balancer retries elsewhere.
    return503OnClosing: true,
    // Malformed URLs and raw HTTP answer in the one error shape, without echoing the input (ADR 0012).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // What a schema does not word itself, zod would answer in English; every server answer is zh-TW (issue 23).
  z.config({ customError: (issue) => zodIssueMessage(issue, 'zh-TW') });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('onRequest', echoRequestId);

  // A database restart kills every pooled connection at once: one line per burst, without a stack, says so.
  const databaseWarning = warnAtMostEvery(app.log, 10_000);
  const database =
    deps.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (err) =>
        databaseWarning(
          'connection-lost',
          { reason: err.message },
          'database connections lost (server restart or failover?); the pool opens new ones',
        ),
    });
  if (!deps.database) {
    // Under the migration lock (ADR 0076); an operator running `npm run migrate` as a release step may turn it off.
    if (config.migrateAtStart) await database.migrate();
    app.addHook('onClose', () => database.close());
  }
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
      production: config.env === 'production',
    });
  app.addHook('onClose', async () => mailer.close());
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('mailer', mailer);
  app.decorate('background', new BackgroundWork());
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  metrics.build.set(
    { release: config.release ?? SERVER_VERSION, version: SERVER_VERSION, node: process.version },
    1,
  );
  const outcome = (ok: boolean) => (ok ? 'ok' : 'failed');
  database.observe?.({
    poolWait: (seconds, ok) => metrics.database.poolWait.observe({ outcome: outcome(ok) }, seconds),
    query: (seconds, ok) => metrics.database.query.observe({ outcome: outcome(ok) }, seconds),
  });
  const { poolStats } = database;
  if (poolStats) {
    metrics.collect(() => {
      for (const [state, count] of Object.entries(poolStats())) metrics.databasePool.set({ state }, count);
    });
  }
  const blobWarning = warnAtMostEvery(app.log, 10_000);
  const blobs = timedBlobStore(createBlobStore(config), metrics, (operation, error) =>
    blobWarning(
      operation,
      { operation, reason: error instanceof Error ? error.message : String(error) },
      'blob store call failed',
    ),
  );
  app.addHook('onClose', async () => blobs.close?.());
  app.decorate('blobs', blobs);

  await app.register(cookie);
  await app.register(responseCompression);
  await app.register(requestLog);
  const csp = contentSecurityPolicy(config, blobs);
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { ...csp, upgradeInsecureRequests: null } },
    // same-origin everywhere; the tracker bundle and avatars opt in to cross-origin on their own routes.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Sent only over https (or a trusted proxy's https), below.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', strictTransportSecurity(config.trustProxy));
  await app.register(rateLimits, {
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    enabled: config.rateLimit.enabled,
  });
  await app.register(xsrf, { prefixes: ['/v1/'] });
  // Request counters for every route below, and /metrics (loopback or METRICS_TOKEN: ADR 0052).
  await app.register(metricsRoutes);
  // API answers are personal (profiles, messages, sessions): no shared or browser cache keeps them, unless a
  // route says otherwise (avatars, the iCal feed).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/v1/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
  await app.register(authenticate);
  // Changes made while an admin views as a learner name the admin in the impersonation trail (issue 35).
  app.addHook('onSend', auditImpersonatedChange);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Atrium API', version: '0.1.0', description: 'User, staff and ingest calls of Atrium.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs' });

  // Every process answers the readiness check, whatever it serves.
  await app.register(healthRoutes, { prefix: '/v1' });
  // ATRIUM_SERVICES picks what this process serves (docs/deploy.md, "Reference deployment").
  if (config.services.includes('web')) {
    await app.register(
      async (v1) => {
        await v1.register(profileRoutes);
        await v1.register(learnerAssertionRoutes);
        await v1.register(avatarUploadRoutes);
        await v1.register(avatarFileRoutes);
        await v1.register(notifyRoutes);
        await v1.register(mailRoutes);
        await v1.register(accountRoutes);
        await v1.register(trainingRoutes);
        await v1.register(taskRoutes);
        await v1.register(discussionRoutes);
        await v1.register(devMailRoutes);
        await v1.register(courseImageFileRoutes);
        await v1.register(impersonationUserRoutes);
        await v1.register(oidcRoutes);
        await v1.register(coursePlatformRoutes);
      },
      { prefix: '/v1' },
    );
    // Staff set up tracker projects and read recordings (the console); the tracker calls /ingest.
    await app.register(ingestConsoleRoutes, { prefix: '/v1/console/ingest' });
    await app.register(replayRoutes, { prefix: '/v1/console' });
    // Staff run the community: classes, outline, sessions, tasks, notifications, learners (ADR 0038).
    for (const routes of [
      trainingConsoleRoutes,
      taskConsoleRoutes,
      broadcastRoutes,
      learnerConsoleRoutes,
      courseImageUploadRoutes,
      discussionConsoleRoutes,
    ]) {
      await app.register(routes, { prefix: '/v1/console/community' });
    }
    await app.register(impersonationConsoleRoutes, { prefix: '/v1/console' });
  }
  if (config.services.includes('ingest')) {
    await app.register(ingestRoutes, { prefix: '/ingest' });
    await app.register(trackerStatic, { root: config.trackerDist });
  }

  if (config.services.includes('assist'))
    await registerAssist(app, { peer: config.services.includes('peer'), databaseKind: database.kind });

  await app.register(reminderSweep, { work: [sendClassStarting, sendDeadlineReminders, sendDueBroadcasts] });
  await app.register(portalStatic, {
    root: config.portalDist,
    consoleRoot: config.consoleDist,
    serve: config.services.includes('web'),
  });
  await seedDemoAccountsOnBoot(database.db, config.env, app.log);
  await seedIngest(database.db);
  return app;
}
