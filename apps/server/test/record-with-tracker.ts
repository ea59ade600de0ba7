import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { trackerStartBody } from './tracker-start-body.ts';

/**
 * A learner's tracker as the ingest sees it: `start` opens a session for a tab (as `userID` when given; a
 * later page of the same visit passes the visit's `token`), `upload` sends one gzip batch of messages under
 * its batch id, as the tracker's worker does — or, with `leaving`, as the page's own last copy on pagehide.
 */
export function recordWithTracker(app: FastifyInstance) {
  return {
    async start(
      tab: string,
      opts: { url?: string; userID?: string; token?: string; width?: number; height?: number } = {},
    ) {
      const res = await app.inject({
        method: 'POST',
        url: '/ingest/v1/web/start',
        // Options left out keep the body's defaults (a first page has `token: null`, not no token).
        payload: trackerStartBody({
          tabId: tab,
          ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)),
        }),
      });
      if (res.statusCode !== 200) throw new Error(`start answered ${res.statusCode}: ${res.body}`);
      return res.json() as { token: string; sessionID: string };
    },
    upload(
      token: string,
      tab: string,
      seq: number,
      messages: unknown[][],
      { pageNo = 1, leaving = false }: { pageNo?: number; leaving?: boolean } = {},
    ) {
      const batchId = `${tab}-${pageNo}-${seq}`;
      return app.inject({
        method: 'POST',
        url: `/ingest/v1/web/i?batch=${batchId}${leaving ? '&end' : ''}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-encoding': 'gzip',
        },
        payload: gzipSync(JSON.stringify({ batchId, tabId: tab, pageNo, seq, messages })),
      });
    },
  };
}
