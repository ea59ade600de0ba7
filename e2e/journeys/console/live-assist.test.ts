import {
  closeSockets,
  connected,
  next,
  startTrackerSession,
  visitorSocket,
} from '@atrium/server/test/assist-harness';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { signInToConsole } from '../../support/console.ts';
import { useJourney } from '../../support/journey.ts';

// The agent's side at the protocol level: the learner is a socket.io visitor speaking the assist protocol
// (packages/protocol/src/assist.ts) with real rrweb events, so each state the console shows can be driven
// exactly (busy, time-out). The real plugin in the real portal is in e2e/journeys/assist/.
const RRWEB = 1;
const page = (text: string, t: number) => [
  [RRWEB, { type: 4, data: { href: 'http://portal.test/learn', width: 800, height: 600 }, timestamp: t }],
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
            { type: 1, name: 'html', publicId: '', systemId: '', id: 2 },
            {
              type: 2,
              tagName: 'html',
              attributes: {},
              id: 3,
              childNodes: [
                { type: 2, tagName: 'head', attributes: {}, childNodes: [], id: 4 },
                {
                  type: 2,
                  tagName: 'body',
                  attributes: {},
                  id: 5,
                  childNodes: [
                    {
                      type: 2,
                      tagName: 'p',
                      attributes: { id: 'msg' },
                      id: 6,
                      childNodes: [{ type: 3, textContent: text, id: 7 }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      },
    },
  ],
];
const textChange = (text: string, t: number) => [
  [
    RRWEB,
    {
      type: 3,
      timestamp: t,
      data: { source: 0, texts: [{ id: 7, value: text }], attributes: [], removes: [], adds: [] },
    },
  ],
];

/** What the learner's plugin does when an agent arrives: a fresh snapshot for the agent. */
function streamOnAgent(visitor: Socket, tabId: string, text: string) {
  visitor.on('NEW_AGENT', () => visitor.emit('messages', { meta: { tabId }, data: page(text, Date.now()) }));
}

describe('live assist in the console', () => {
  const journey = useJourney();
  afterEach(() => closeSockets());

  it('lists the learner live, mirrors DOM changes, and runs the control journey (deny, grant, click, type, release)', async () => {
    const { page: agentPage, context } = await signInToConsole(journey.browser, journey.server, {
      path: '/console/live',
    });
    await agentPage.getByRole('heading', { name: '線上學員' }).waitFor();
    // The learner comes online while the list is open: it appears without a reload.
    const s = await startTrackerSession(journey.server.app);
    const visitor = visitorSocket(journey.server.baseUrl, s);
    await connected(visitor);
    streamOnAgent(visitor, s.tabId, '第一則訊息');
    const meta = { tabId: s.tabId };
    // The page only claims 'learner-1' (no signed-in user vouched for it): the list says so, not the claim.
    await agentPage.getByRole('link', { name: '未登入的訪客' }).click();

    const frame = agentPage.frameLocator('[data-testid="live-player"] iframe');
    await frame.getByText('第一則訊息').waitFor();
    visitor.emit('messages', { meta, data: textChange('老師剛剛回覆了', Date.now()) });
    await frame.getByText('老師剛剛回覆了').waitFor();

    // Deny.
    const asked = next<[string]>(visitor, 'request_control');
    await agentPage.getByRole('button', { name: '要求遠端控制' }).click();
    const [agentId] = await asked;
    visitor.emit('control_rejected', { meta, data: agentId });
    await agentPage.getByText('學員拒絕了遠端控制。').waitFor();

    // Grant, then the agent's click lands on the learner's coordinates and typing reaches the learner.
    const askedAgain = next(visitor, 'request_control');
    await agentPage.getByRole('button', { name: '要求遠端控制' }).click();
    await askedAgain;
    visitor.emit('control_granted', { meta, data: agentId });
    await agentPage.getByText('學員已同意遠端控制').waitFor();
    const click = next<[string, { data: [number, number] }]>(visitor, 'click');
    const box = await agentPage.locator('[data-testid="live-player"] iframe').boundingBox();
    if (!box) throw new Error('no player');
    // The mirror is scaled to fit the window: a point on it is the learner's point times the scale.
    const k = box.width / 800;
    await agentPage.mouse.click(box.x + 40 * k, box.y + 30 * k);
    const [clicker, clickEnv] = await click;
    expect(clicker).toBe(agentId);
    expect(clickEnv.data[0]).toBeCloseTo(40, -1);
    expect(clickEnv.data[1]).toBeCloseTo(30, -1);
    const typed = new Promise<string>((resolve) =>
      visitor.on('input', (_id: string, env: { data: string }) => {
        if (env.data === '我需要幫忙') resolve(env.data);
      }),
    );
    await agentPage.getByLabel('在學員目前選取的欄位輸入文字').fill('我需要幫忙');
    expect(await typed).toBe('我需要幫忙');

    // Annotation: a stroke drawn on the learner's page goes out as start, moves, stop.
    await agentPage.getByRole('button', { name: '畫面標註' }).click();
    const start = next<[string, { data: [number, number] }]>(visitor, 'startAnnotation');
    const move = next(visitor, 'moveAnnotation');
    const stop = next(visitor, 'stopAnnotation');
    await agentPage.mouse.move(box.x + 50 * k, box.y + 50 * k);
    await agentPage.mouse.down();
    for (let i = 1; i <= 5; i += 1) {
      await agentPage.mouse.move(box.x + (50 + i * 20) * k, box.y + (50 + i * 10) * k);
      await agentPage.waitForTimeout(60);
    }
    await agentPage.mouse.up();
    const [sx, sy] = (await start)[1].data;
    expect(sx).toBeCloseTo(50, -1);
    expect(sy).toBeCloseTo(50, -1);
    await move;
    await stop;
    await agentPage.getByRole('button', { name: '結束標註' }).click();

    const released = next(visitor, 'release_control');
    await agentPage.getByRole('button', { name: '結束遠端控制' }).click();
    await released;
    await agentPage.getByRole('button', { name: '要求遠端控制' }).waitFor();
    await context.close();
  });

  it('shows busy, and a request the learner leaves unanswered times out after 30 s', async () => {
    const s = await startTrackerSession(journey.server.app);
    const visitor = visitorSocket(journey.server.baseUrl, s);
    await connected(visitor);
    streamOnAgent(visitor, s.tabId, '作業頁');
    const { page: agentPage, context } = await signInToConsole(journey.browser, journey.server);
    await agentPage.clock.install();
    await agentPage.goto(`/console/assist/${s.projectKey}/${s.sessionId}`);
    await agentPage.frameLocator('[data-testid="live-player"] iframe').getByText('作業頁').waitFor();
    const meta = { tabId: s.tabId };

    const asked = next<[string]>(visitor, 'request_control');
    await agentPage.getByRole('button', { name: '要求遠端控制' }).click();
    const [agentId] = await asked;
    visitor.emit('control_busy', { meta, data: agentId });
    await agentPage.getByText('已有其他客服正在控制此頁面。').waitFor();

    const askedAgain = next(visitor, 'request_control');
    await agentPage.getByRole('button', { name: '要求遠端控制' }).click();
    await askedAgain;
    await agentPage.getByText('等待學員同意…').waitFor();
    await agentPage.clock.fastForward(29_000);
    expect(await agentPage.getByText('要求已逾時').count()).toBe(0);
    await agentPage.clock.fastForward(1_500);
    await agentPage.getByText('學員 30 秒內沒有回應，要求已逾時。').waitFor();

    // The learner's own 30 s prompt times out just before the console's timer (a throttled console tab):
    // its control_rejected reads as the time-out it is, not as a refusal. (A fresh page: the fake clock's
    // next 30 s would outrun the socket's heartbeat.)
    await agentPage.reload();
    await agentPage.frameLocator('[data-testid="live-player"] iframe').getByText('作業頁').waitFor();
    const third = next<[string]>(visitor, 'request_control');
    await agentPage.getByRole('button', { name: '要求遠端控制' }).click();
    const [thirdAgent] = await third;
    await agentPage.getByText('等待學員同意…').waitFor();
    await agentPage.clock.fastForward(29_500);
    visitor.emit('control_rejected', { meta, data: thirdAgent });
    await agentPage.getByText('學員 30 秒內沒有回應，要求已逾時。').waitFor();
    expect(await agentPage.getByText('學員拒絕了遠端控制。').count()).toBe(0);
    await context.close();
  });
});
