import { assistConfig, liveSessionsQuery, liveSessionsResponse, PEER_PATH } from '@atrium/protocol/assist';
import { security } from '@atrium/protocol/http';
import {
  tabRecording,
  tabRecordingList,
  tabRecordingListQuery,
  tabRecordingParams,
  tabRecordingUploadParams,
  tabRecordingUploadQuery,
} from '@atrium/protocol/tab-recordings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordRead } from '../replay/index.ts';
import {
  listAssistRecordings,
  MAX_RECORDING_BYTES,
  openAssistRecording,
  saveAssistRecording,
} from './assist-recordings.ts';
import type { AssistRelay } from './assist-relay.ts';
import { listLiveSessionsWithLearners } from './live-sessions.ts';

const PEER_CALL = new RegExp(`^${PEER_PATH}/[^/?]+/(id|peers)(\\?|$)`);

const tags = ['console: live assist'];

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
    async (request) => ({ list: await listLiveSessionsWithLearners(relay.io, app.db, request.query) }),
  );

  // The agent's browser uploads the WebM it captured; nothing else is accepted under this parser.
  app.addContentTypeParser(
    'video/webm',
    { parseAs: 'buffer', bodyLimit: MAX_RECORDING_BYTES },
    (_r, body, done) => done(null, body),
  );
  app.post(
    '/recordings/:session_id',
    {
      bodyLimit: MAX_RECORDING_BYTES,
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags,
        security,
        summary: "Upload an agent's recording of a learner's tab (WebM), listed with the session",
        params: tabRecordingUploadParams,
        querystring: tabRecordingUploadQuery,
        response: { 201: tabRecording },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw badRequest('invalid_recording', '錄影檔格式不正確（需為 WebM）');
      const saved = await saveAssistRecording(
        app.db,
        app.blobs,
        {
          sessionId: request.params.session_id,
          agentId: request.user!.id,
          body: request.body,
          durationMs: request.query.duration_ms,
        },
        // Only what the learner agreed to, for this agent: each acceptance admits one upload (finding 13).
        () => relay.takeRecordingConsent(request.params.session_id, request.user!.id),
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
        querystring: tabRecordingListQuery,
        response: { 200: tabRecordingList },
      },
    },
    async (request) => ({ list: await listAssistRecordings(app.db, request.query.session_id) }),
  );
  app.get(
    '/recordings/:id/file',
    { schema: { tags, security, summary: 'The WebM of a recording', params: tabRecordingParams } },
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
