import { createRequire } from 'node:module';
import { type AssistConfig, ServerEvent, visitorPeerId } from '@atrium/protocol/assist';
import {
  closeSockets,
  connected,
  next,
  startTrackerSession,
  visitorSocket,
} from '@atrium/server/test/assist-harness';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../support/browser.ts';
import { signInToConsole } from '../../support/console.ts';
import { useJourney } from '../../support/journey.ts';

const peerjsBundle = createRequire(import.meta.url).resolve('peerjs/dist/peerjs.min.js');

// The console's call controls at the protocol level: the learner's answering side is bare PeerJS in a real
// Chromium page. The plugin's confirm and call windows in the real portal are in e2e/journeys/assist/.
describe('a call from the console', () => {
  const journey = useJourney();
  let media: Browser;
  beforeAll(async () => {
    media = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
  });
  afterAll(async () => media?.close());
  afterEach(() => closeSockets());

  it('calls the learner through PeerJS: media flows both ways, mute and video toggle, end', async () => {
    const s = await startTrackerSession(journey.server.app);
    const visitor = visitorSocket(journey.server.baseUrl, s);
    // The relay's peer credential for the learner's PeerJS id (ADR 0042), as the plugin gets it.
    const config = next<[AssistConfig]>(visitor, ServerEvent.ASSIST_CONFIG);
    await connected(visitor);
    const token = (await config)[0].peer.token;

    const learnerContext = await media.newContext({ baseURL: journey.server.baseUrl, bypassCSP: true });
    const learner = await learnerContext.newPage();
    await learner.goto('/console/login');
    await learner.addScriptTag({ path: peerjsBundle });
    const peerId = visitorPeerId(s.projectKey, s.sessionId, s.tabId);
    await learner.evaluate(
      ({ id, port, token }) =>
        new Promise<void>((resolve, reject) => {
          const w = window as unknown as Record<string, unknown> & {
            Peer: new (
              id: string,
              o: object,
            ) => {
              on(e: string, cb: (x: never) => void): void;
            };
          };
          const peer = new w.Peer(id, {
            host: '127.0.0.1',
            port,
            path: '/peerjs',
            key: 'peerjs',
            token,
            secure: false,
          });
          w.events = [] as string[];
          peer.on('open', () => resolve());
          peer.on('error', (e: { type: string }) => reject(new Error(e.type)));
          peer.on(
            'call',
            async (call: {
              answer(s: MediaStream): void;
              on(e: string, cb: (x: MediaStream) => void): void;
              metadata: unknown;
            }) => {
              (w.events as string[]).push('call');
              w.metadata = call.metadata;
              const local = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
              call.answer(local);
              call.on('stream', (remote) => {
                w.remote = remote;
                (w.events as string[]).push(
                  `stream:${remote.getAudioTracks().length}a${remote.getVideoTracks().length}v`,
                );
              });
              call.on('close', () => (w.events as string[]).push('close'));
            },
          );
        }),
      { id: peerId, port: Number(new URL(journey.server.baseUrl).port), token },
    );

    const { context, page } = await signInToConsole(media, journey.server);
    await page.goto(`/console/assist/${s.projectKey}/${s.sessionId}`);
    await page.getByTestId('assist-connection').filter({ hasText: '即時' }).waitFor();
    await page.getByRole('button', { name: '通話', exact: true }).click();

    const events = () => learner.evaluate(() => (window as unknown as { events: string[] }).events);
    await expect.poll(events, { timeout: 15_000 }).toContain('stream:1a1v');
    // The agent sees and hears the learner: the remote video element plays real frames.
    await expect
      .poll(
        () =>
          page
            .getByLabel('學員視訊')
            .evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0),
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(
      await learner.evaluate(() => (window as unknown as { metadata: { agentId: string } }).metadata.agentId),
    ).toBeTruthy();

    await page.getByRole('button', { name: '靜音' }).click();
    await page.getByRole('button', { name: '取消靜音' }).waitFor();
    const feed = next<[string, { data: { enabled: boolean } }]>(visitor, 'videofeed');
    await page.getByRole('button', { name: '關閉視訊' }).click();
    expect((await feed)[1].data.enabled).toBe(false);

    const ended = next(visitor, 'call_end');
    await page.getByRole('button', { name: '結束通話' }).click();
    await ended;
    await page.getByTestId('call-state').filter({ hasText: '通話已結束' }).waitFor();
    await expect.poll(events, { timeout: 10_000 }).toContain('close');
    await context.close();
    await learnerContext.close();
  });

  it('records the learner’s tab after consent, keeps the WebM with the session and plays it on the session’s page; a refusal is shown', async () => {
    const s = await startTrackerSession(journey.server.app);
    const visitor = visitorSocket(journey.server.baseUrl, s);
    await connected(visitor);
    const meta = { tabId: s.tabId };
    const { context, page, user } = await signInToConsole(media, journey.server);
    await page.goto(`/console/assist/${s.projectKey}/${s.sessionId}`);
    await page.getByTestId('assist-connection').filter({ hasText: '即時' }).waitFor();

    const refused = next<[string]>(visitor, 'request_recording');
    await page.getByRole('button', { name: '要求錄製分頁' }).click();
    await refused;
    visitor.emit('recording_rejected', { meta });
    await page.getByTestId('recording-state').filter({ hasText: '學員拒絕了錄製。' }).waitFor();

    const asked = next<[string, { data: string }]>(visitor, 'request_recording');
    await page.getByRole('button', { name: '要求錄製分頁' }).click();
    const [agentId, request] = await asked;
    // The learner's plugin shows the agent's name from this JSON; the relay sets it from the account.
    expect(JSON.parse(request.data)).toEqual({ name: '客服阿哲' });
    // The plugin names the agent it answers (its first argument), so the relay counts the consent for it alone.
    visitor.emit('recording_accepted', { meta, data: agentId });
    await page.getByTestId('recording-state').filter({ hasText: '錄製中' }).waitFor();
    await page.waitForTimeout(1500);
    const stopped = next(visitor, 'stop_recording');
    await page.getByRole('button', { name: '停止錄製' }).click();
    await stopped;
    await page.getByTestId('recording-state').filter({ hasText: '錄影已儲存至此工作階段。' }).waitFor();

    const list = await journey.server.app.inject({
      url: `/v1/console/assist/recordings?session_id=${s.sessionId}`,
      headers: user.auth,
    });
    const [saved] = (list.json() as { list: { id: string; bytes: number; duration_ms: number }[] }).list;
    expect(saved?.bytes).toBeGreaterThan(1000);
    expect(saved?.duration_ms).toBeGreaterThan(1000);

    // A request can be taken back while the learner decides; the learner's prompt goes with it.
    const toCancel = next(visitor, 'request_recording');
    await page.getByRole('button', { name: '要求錄製分頁' }).click();
    await toCancel;
    const withdrawn = next(visitor, 'stop_recording');
    await page.getByRole('button', { name: '取消要求' }).click();
    await withdrawn;
    await page.getByTestId('recording-state').filter({ hasText: '已取消錄製要求。' }).waitFor();

    // Left unanswered, it is withdrawn after 30 s and the agent reads so.
    await page.clock.install();
    const unanswered = next(visitor, 'request_recording');
    await page.getByRole('button', { name: '要求錄製分頁' }).click();
    await unanswered;
    await page.getByText('等待學員同意錄製…').waitFor();
    const timedOut = next(visitor, 'stop_recording', 10_000);
    await page.clock.fastForward(30_500);
    await timedOut;
    await page
      .getByTestId('recording-state')
      .filter({ hasText: '學員 30 秒內沒有回應，錄製要求已逾時。' })
      .waitFor();

    // The saved recording is listed on the session's page and plays there.
    await page.goto(`/console/sessions/${s.sessionId}`);
    await page.getByRole('heading', { name: '客服錄下的分頁' }).waitFor();
    await page.getByRole('button', { name: '播放錄影 1' }).click();
    const video = page.getByLabel('分頁錄影 1');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    await context.close();
  });
});
