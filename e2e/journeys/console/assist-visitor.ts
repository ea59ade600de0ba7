import type { Socket } from 'socket.io-client';

// A learner's tab as the relay sees it, for the console's live-assist journeys: real rrweb events
// (a Meta with the learner's viewport, then a full snapshot) in the tracker's batch tuples.
const RRWEB = 1;

/** One page: `text` at the top, `bottom` (if given) at the foot of the learner's viewport. */
export function snapshot(text: string, t: number, size = { width: 800, height: 600 }, bottom?: string) {
  const para = (id: number, value: string, style = '') => ({
    type: 2,
    tagName: 'p',
    attributes: style ? { style } : {},
    id,
    childNodes: [{ type: 3, textContent: value, id: id + 1 }],
  });
  const body = [para(6, text)];
  if (bottom) body.push(para(8, bottom, 'position:fixed;bottom:0;right:0;margin:0'));
  return [
    [RRWEB, { type: 4, data: { href: 'http://portal.test/learn', ...size }, timestamp: t }],
    [
      RRWEB,
      {
        type: 2,
        timestamp: t,
        data: {
          initialOffset: { left: 0, top: 0 },
          node: {
            type: 0,
            id: 1,
            childNodes: [
              {
                type: 2,
                tagName: 'html',
                attributes: {},
                id: 3,
                childNodes: [
                  { type: 2, tagName: 'head', attributes: {}, childNodes: [], id: 4 },
                  { type: 2, tagName: 'body', attributes: { style: 'margin:0' }, id: 5, childNodes: body },
                ],
              },
            ],
          },
        },
      },
    ],
  ];
}

/** What the learner's plugin does when an agent arrives: a fresh snapshot for the agent. */
export function streamOnAgent(
  visitor: Socket,
  tabId: string,
  text: string,
  size?: { width: number; height: number },
  bottom?: string,
) {
  visitor.on('NEW_AGENT', () =>
    visitor.emit('messages', { meta: { tabId }, data: snapshot(text, Date.now(), size, bottom) }),
  );
}
