import { clickMap, clickMapPages, clickMapPagesQuery, clickMapQuery } from '@atrium/protocol/click-maps';
import { errorBody, security } from '@atrium/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listClickMapPages, readClickMap } from '../ingest/index.ts';

const tags = ['console: replay'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * Click maps (ADR 0064): counts over many sessions that name no learner, so reading them is not audited;
 * opening the recording behind a map's picture is (it goes through the message stream). Mounted under the
 * replay routes (staff only).
 */
export const clickMapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/click-maps/pages',
    {
      schema: {
        tags,
        security,
        summary: 'Pages clicked on in the last N days, most clicks first (path contains q)',
        querystring: clickMapPagesQuery,
        response: { 200: clickMapPages, ...errors },
      },
    },
    async (request) => listClickMapPages(app.db, request.query),
  );

  app.get(
    '/click-maps',
    {
      schema: {
        tags,
        security,
        summary:
          "One page's clicks of the last N days: per 1 % cell, the top elements, a moment to picture it",
        querystring: clickMapQuery,
        response: { 200: clickMap, ...errors },
      },
    },
    async (request) => readClickMap(app.db, request.query),
  );
};
