import { MessageType } from '@atrium/protocol/tracker/messages';

/** An element of rrweb's serialised page (node type 2), for recordings tests and benches write themselves. */
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
