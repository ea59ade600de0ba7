import { MessageType } from '@atrium/protocol/tracker/messages';
import type { FastifyInstance } from 'fastify';
import { trackerStartBody } from './tracker-start-body.ts';

type Injector = Pick<FastifyInstance, 'inject'>;

/**
 * A recording started through the real ingest, as the tracker starts one (spec 2 §7), for tests and benches
 * that write its batches themselves (`uploadBatch`): its upload token and session id.
 */
export async function startRecording(
  app: Injector,
  overrides: Record<string, unknown> = {},
): Promise<{ token: string; sessionID: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/ingest/v1/web/start',
    payload: trackerStartBody({ width: 1280, height: 800, url: 'https://portal.example/', ...overrides }),
  });
  if (res.statusCode >= 300) throw new Error(`start: ${res.statusCode} ${res.body}`);
  const { token, sessionID } = res.json();
  return { token, sessionID };
}

/** Batch `seq` of page 1 of tab-1, holding `messages`, uploaded as the tracker's worker sends one; throws if refused. */
export async function uploadBatch(
  app: Injector,
  token: string,
  seq: number,
  messages: unknown[][],
): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/ingest/v1/web/i',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: { batchId: `tab-1-1-${seq}`, tabId: 'tab-1', pageNo: 1, seq, messages },
  });
  if (res.statusCode >= 300) throw new Error(`batch ${seq}: ${res.statusCode} ${res.body}`);
}

/** An element of rrweb's serialised page (node type 2), for the pages these recordings hold. */
export const rrwebElement = (id: number, tagName: string, childNodes: unknown[]) => ({
  type: 2,
  id,
  tagName,
  attributes: {},
  childNodes,
});

/**
 * What rrweb records when a page starts or at a checkpoint: its Meta event, then the full snapshot of `html`
 * (the serialised `<html>` element) in a document of id 1, both at `at`.
 */
export function pageStartMessages(at: number, html: unknown, width = 1280, height = 800): unknown[][] {
  return [
    [
      MessageType.RrwebEvent,
      { type: 4, data: { href: 'https://portal.example/', width, height }, timestamp: at },
    ],
    [
      MessageType.RrwebEvent,
      {
        type: 2,
        data: { node: { type: 0, id: 1, childNodes: [html] }, initialOffset: { top: 0, left: 0 } },
        timestamp: at,
      },
    ],
  ];
}
