import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { trackerStartBody } from './tracker-start-body.ts';

/**
 * A learner's tracker as the ingest sees it: `start` opens a session for a tab (as `userID` when given),
 * `upload` sends one gzip batch of messages under its batch id, as the tracker's worker does.
 */
export function recordWithTracker(app: FastifyInstance) {
  return {
    async start(tab: string, opts: { url: string; userID?: string }) {
      const res = await app.inject({
        method: 'POST',
        url: '/ingest/v1/web/start',
        payload: trackerStartBody({ url: opts.url, tabId: tab, userID: opts.userID }),
      });
      return res.json() as { token: string; sessionID: string };
    },
    upload(token: string, tab: string, seq: number, messages: unknown[][]) {
      return app.inject({
        method: 'POST',
        url: `/ingest/v1/web/i?batch=${tab}-${seq}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-encoding': 'gzip',
        },
        payload: gzipSync(JSON.stringify({ batchId: `${tab}-${seq}`, tabId: tab, pageNo: 1, seq, messages })),
      });
    },
  };
}
