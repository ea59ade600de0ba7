import { assistConfig, liveSessionsQuery, liveSessionsResponse, PEER_PATH } from '@atrium/protocol/assist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordRead } from '../replay/index.ts';
import {
  listAssistRecordings,
  MAX_RECORDING_BYTES,
  openAssistRecording,
  saveAssistRecording,
} from './assist-recordings.ts';
import type { AssistRelay } from './assist-relay.ts';

const PEER_CALL = new RegExp(`^${PEER_PATH}/[^/?]+/(id|peers)(\\?|$)`);

const assistRecording = z.object({
  id: z.string(),
  sessionId: z.string(),
  agentId: z.string().nullable(),
  bytes: z.number(),
  durationMs: z.number(),
  createdAt: z.string(),
});

const tags = ['console: live assist'];
const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/** Staff reads of live assist: the live sessions list and the call configuration. Mounted at /v1/console/assist. */
export const assistConsoleRoutes: FastifyPluginAsyncZod<{ relay: AssistRelay }> = async (app, { relay }) => {
  app.addHook('onRequest', app.requireAgent);

  app.get(
    '/live',
    {
      schema: {
        tags,
        security,
        summary: 'Sessions with a learner tab connected to live assist now (any process), filterable',
        querystring: liveSessionsQuery,
        response: { 200: liveSessionsResponse },
      },
    },
    async (request) => ({ list: await relay.liveSessions(request.query) }),
  );

  // The agent's browser uploads the WebM it captured; nothing else is accepted under this parser.
  app.addContentTypeParser(
    'video/webm',
    { parseAs: 'buffer', bodyLimit: MAX_RECORDING_BYTES },
    (_r, body, done) => done(null, body),
  );
  app.post(
    '/recordings/:sessionId',
    {
      bodyLimit: MAX_RECORDING_BYTES,
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags,
        security,
        summary: "Upload an agent's recording of a learner's tab (WebM), listed with the session",
        params: z.object({ sessionId: z.uuid() }),
        querystring: z.object({ durationMs: z.coerce.number().int().min(0).max(86_400_000).default(0) }),
        response: { 201: assistRecording },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw badRequest('invalid_recording', '錄影檔格式不正確（需為 WebM）');
      const saved = await saveAssistRecording(
        app.db,
        app.blobs,
        {
          sessionId: request.params.sessionId,
          agentId: request.user!.id,
          body: request.body,
          durationMs: request.query.durationMs,
        },
        // Only what the learner agreed to, for this agent: each acceptance admits one upload (finding 13).
        () => relay.takeRecordingConsent(request.params.sessionId, request.user!.id),
      );
      return reply.code(201).send(saved);
    },
  );
  app.get(
    '/recordings',
    {
      schema: {
        tags,
        security,
        summary: 'Recordings agents made of a session',
        querystring: z.object({ sessionId: z.uuid() }),
        response: { 200: z.object({ list: z.array(assistRecording) }) },
      },
    },
    async (request) => ({ list: await listAssistRecordings(app.db, request.query.sessionId) }),
  );
  app.get(
    '/recordings/:id/file',
    { schema: { tags, security, summary: 'The WebM of a recording', params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      // A tab recording is a recording read: audited before the file is opened (finding 9).
      const file = await openAssistRecording(app.db, app.blobs, request.params.id, (sessionId) =>
        recordRead(app.db, request.user!, sessionId, 'tab_recording'),
      );
      return reply.type('video/webm').header('content-length', file.size).send(file.body);
    },
  );

  app.get(
    '/config',
    {
      schema: {
        tags,
        security,
        summary: 'PeerJS path/key and STUN/TURN servers',
        response: { 200: assistConfig },
      },
    },
    async () => relay.config,
  );
};

/** PeerJS HTTP calls (GET {key}/id) are answered by the peer package's own handler. */
export const peerHttpRoutes = async (
  app: import('fastify').FastifyInstance,
  opts: {
    handle: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
  },
) => {
  app.get(
    `${PEER_PATH}/*`,
    // The peer package's own HTTP protocol, not our API: hidden from the OpenAPI document.
    { schema: { hide: true }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    (request, reply) => {
      // Only `{key}/id` and `{key}/peers` are the package's; any other path gets our error shape.
      if (!PEER_CALL.test(request.url)) throw notFound();
      reply.hijack();
      opts.handle(request.raw, reply.raw);
    },
  );
};
