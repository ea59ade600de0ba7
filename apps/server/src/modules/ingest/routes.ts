import {
  conditionsResponse,
  featureFlagsRequest,
  featureFlagsResponse,
  notStartedRequest,
  startRequest,
  startResponse,
  tagsResponse,
  uxtTaskSignal,
  uxtTest,
  uxtTestSignal,
} from '@atrium/protocol/tracker/index';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.ts';
import { createBatchParserPool } from './batch-parser-pool.ts';
import { batchRateLimits } from './batch-rate-limits.ts';
import { clickSettleSweep } from './click-settle-sweep.ts';
import { compactionSweep } from './compaction-sweep.ts';
import { describeVisitor } from './describe-visitor.ts';
import { evaluateFeatureFlags } from './evaluate-feature-flags.ts';
import { ingestBatch } from './ingest-batch.ts';
import { registerIngestBodyParser, registerRawBatchBody } from './ingest-body-parser.ts';
import { registerIngestCors } from './ingest-cors.ts';
import { verifyLearnerAssertion } from './learner-assertion.ts';
import { getUxtTest, listConditions, listTags } from './list-tracker-settings.ts';
import type { ParsedBatch } from './parse-batch.ts';
import { recordClickPoints } from './record-click-points.ts';
import { recordNotStarted } from './record-not-started.ts';
import { recordSearchEvents } from './record-search-events.ts';
import { recordSessionEvents } from './record-session-events.ts';
import { recordUxtSignal } from './record-uxt-signal.ts';
import { requireTrackerSession } from './require-tracker-session.ts';
import { retentionSweep } from './retention-sweep.ts';
import { startSession } from './start-session.ts';

/** A gzip body may inflate to this many times the beacon size limit, no more (gzip bomb guard). */
const INFLATE_FACTOR = 10;
const tags = ['ingest'];
const security = [{ bearer: [] }];

/** The tracker's calls, mounted at /ingest (spec 2 §7). Public to every origin; the session token authenticates. */
export const ingestRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.ingest;
  app.decorateRequest('trackerSession', null);
  registerIngestCors(app);
  // Processes that take recordings also remove them when their retention is over (ADR 0014).
  await app.register(retentionSweep);
  // And compact ended ones into a few objects per tab (ADR 0053).
  await app.register(compactionSweep);
  // Clicks an ended session's last batch left undecided are judged then (ADR 0057).
  await app.register(clickSettleSweep);
  registerIngestBodyParser(app, settings.beaconSizeLimit * INFLATE_FACTOR);
  const withSession = requireTrackerSession(settings.secret);
  // Sessions one address may open per project and hour (ADR 0014), counted in the shared rate-limit store.
  const sessionsByAddress =
    settings.sessionsPerHourPerAddress > 0
      ? app.createRateLimit({
          max: settings.sessionsPerHourPerAddress,
          timeWindow: 3_600_000,
          // Asked only after startSession found the project, so the key names a real project.
          keyGenerator: (request: FastifyRequest) =>
            `session-start:${(request.body as { projectKey: string }).projectKey}:${request.ip}`,
        })
      : null;
  const claimsOf = (request: FastifyRequest) => {
    if (!request.trackerSession) throw new Error('requireTrackerSession did not run');
    return request.trackerSession;
  };

  app.post(
    '/v1/web/start',
    {
      bodyLimit: 65_536,
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Start or continue a recorded session',
        body: startRequest,
        response: { 200: startResponse },
      },
    },
    async (request) =>
      startSession(app.db, settings, {
        request: request.body,
        visitor: describeVisitor(request.headers, app.config.trustProxy !== false),
        userAgent: String(request.headers['user-agent'] ?? ''),
        mayOpenSession: sessionsByAddress
          ? async () => {
              const result = await sessionsByAddress(request);
              return result.isAllowed || !result.isExceeded;
            }
          : undefined,
      }),
  );

  app.post(
    '/v1/web/not-started',
    {
      bodyLimit: 16_384,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Record that a tracker did not start', body: notStartedRequest },
    },
    async (request, reply) => {
      await recordNotStarted(app.db, {
        ...request.body,
        userAgent: String(request.headers['user-agent'] ?? ''),
      });
      return reply.status(204).send();
    },
  );

  // Batches are parsed in worker threads; this plugin only moves their bytes (ADR 0011).
  const parser = createBatchParserPool({
    size: settings.parseWorkers,
    maxQueue: 64 * settings.parseWorkers,
    maxPerSession: 2,
    // An eighth of the queue: a school behind one NAT address still uploads, one flooder cannot fill it.
    maxPerAddress: 8 * settings.parseWorkers,
    limits: {
      maxInflatedBytes: settings.beaconSizeLimit * INFLATE_FACTOR,
      maxInflateRatio: settings.maxInflateRatio,
      maxMessages: settings.maxMessagesPerBatch,
    },
    report: {
      depth: (queued) => app.metrics.parsePool.queueDepth.set(queued),
      waited: (seconds) => app.metrics.parsePool.wait.observe(seconds),
      parsed: (seconds) => app.metrics.parsePool.parse.observe(seconds),
    },
  });
  app.addHook('onClose', () => parser.close());
  const limitBatches = batchRateLimits(app, {
    perSession: settings.batchesPerMinutePerSession,
    perAddress: settings.batchesPerMinutePerAddress,
  });
  await app.register(async (batches) => {
    registerRawBatchBody(batches);
    // Every answer to a batch, refusals before the handler included (token, rate, size): ADR 0052.
    batches.addHook('onResponse', async (request, reply) => {
      const { ingest } = app.metrics;
      if (reply.statusCode >= 400) ingest.rejections.inc({ status: String(reply.statusCode) });
      else {
        ingest.batches.inc();
        ingest.bytes.inc(Buffer.isBuffer(request.body) ? request.body.length : 0);
      }
    });
    batches.withTypeProvider<ZodTypeProvider>().post(
      '/v1/web/i',
      {
        onRequest: [withSession, limitBatches],
        bodyLimit: settings.beaconSizeLimit,
        schema: {
          tags,
          summary: 'Upload a batch of messages (JSON, optionally gzip)',
          description:
            'Body: the batch envelope `{batchId, tabId, pageNo, seq, messages}` as JSON, gzip-compressed with ' +
            '`Content-Encoding: gzip` above the compression threshold. `?batch=` repeats the batchId so a retry ' +
            'is acknowledged without reading its body.',
          security,
          // `end`: sent by a page as it is left (pagehide); no value (ADR 0066).
          querystring: z.object({
            batch: z.string().min(1).max(200).optional(),
            end: z.literal('').optional(),
          }),
          response: { 200: z.object({ ok: z.literal(true), duplicate: z.boolean() }) },
        },
      },
      async (request) => {
        const claims = claimsOf(request);
        const raw = request.body as Buffer;
        const encoding = String(request.headers['content-encoding'] ?? 'identity').toLowerCase();
        let parsed: ParsedBatch | undefined;
        const { duplicate } = await ingestBatch(app.db, app.blobs, {
          claims,
          batchId: request.query.batch,
          parse: async () => {
            parsed = await parser.parse(raw, encoding, { session: claims.sessionId, address: request.ip });
            return parsed;
          },
          sessionIdleSeconds: settings.sessionIdleSeconds,
          maxSessionBytes: settings.maxSessionBytes,
          verifyLearner: (assertion) => verifyLearnerAssertion(settings.secret, assertion),
          leaving: request.query.end !== undefined,
        });
        // Once per stored batch: rage, dead and error clicks, shakes and exceptions (ADR 0057).
        if (!duplicate && parsed) {
          const { tabId, clickFacts, searchFacts } = parsed;
          await recordSessionEvents(app.db, { sessionId: claims.sessionId, tabId, facts: clickFacts });
          // And what the sessions search looks for: pages, labels, messages, failed requests (ADR 0059).
          await recordSearchEvents(app.db, { sessionId: claims.sessionId, tabId, facts: searchFacts });
          // And where clicks landed on their page, for the click maps (ADR 0064).
          await recordClickPoints(app.db, {
            sessionId: claims.sessionId,
            tabId,
            clicks: parsed.clickPositions,
          });
        }
        return { ok: true as const, duplicate };
      },
    );
  });

  app.post(
    '/v1/web/feature-flags',
    {
      onRequest: withSession,
      bodyLimit: 65_536,
      schema: {
        tags,
        summary: "The feature flags of this session's visitor",
        security,
        body: featureFlagsRequest,
        response: { 200: featureFlagsResponse },
      },
    },
    async (request) => {
      const claims = claimsOf(request);
      if (request.body.projectID !== claims.projectId) throw forbidden('專案不符', 'project_mismatch');
      const flags = await evaluateFeatureFlags(app.db, {
        projectId: claims.projectId,
        visitor: request.body.userID || claims.userUuid,
        persisted: request.body.persistFlags ?? {},
      });
      return { flags };
    },
  );

  app.get(
    '/v1/web/conditions/:projectID',
    {
      onRequest: withSession,
      schema: {
        tags,
        summary: 'Conditional-start rules of the project',
        security,
        params: z.object({ projectID: z.string().max(100) }),
        response: { 200: conditionsResponse },
      },
    },
    async (request) => {
      const claims = claimsOf(request);
      if (request.params.projectID !== claims.projectId) throw forbidden('專案不符', 'project_mismatch');
      return { conditions: await listConditions(app.db, claims.projectId) };
    },
  );

  app.get(
    '/v1/web/tags',
    {
      onRequest: withSession,
      schema: { tags, summary: 'Tag selectors of the project', security, response: { 200: tagsResponse } },
    },
    async (request) => ({ tags: await listTags(app.db, claimsOf(request).projectId) }),
  );

  app.get(
    '/v1/web/uxt/test/:id',
    {
      onRequest: withSession,
      schema: {
        tags,
        summary: 'A usability test with its tasks',
        security,
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: uxtTest },
      },
    },
    async (request) => getUxtTest(app.db, claimsOf(request).projectId, request.params.id),
  );

  app.post(
    '/v1/web/uxt/signals/task',
    {
      onRequest: withSession,
      bodyLimit: 65_536,
      schema: { tags, summary: 'A tester began, did or skipped a task', security, body: uxtTaskSignal },
    },
    async (request, reply) => {
      const { testId, taskId, status, answer, timestamp } = request.body;
      await recordUxtSignal(app.db, { claims: claimsOf(request), testId, taskId, status, answer, timestamp });
      return reply.status(204).send();
    },
  );

  app.post(
    '/v1/web/uxt/signals/test',
    {
      onRequest: withSession,
      bodyLimit: 16_384,
      schema: {
        tags,
        summary: 'A tester began, finished or skipped the test',
        security,
        body: uxtTestSignal,
      },
    },
    async (request, reply) => {
      const { testId, status, timestamp } = request.body;
      await recordUxtSignal(app.db, { claims: claimsOf(request), testId, taskId: null, status, timestamp });
      return reply.status(204).send();
    },
  );
};
