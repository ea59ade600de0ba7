// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium, type FrameLocator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The call window is an iframe, which happy-dom does not load: it is checked here in Debian's Chromium,
// built from this folder's source as the page would get it (zod stubbed as in vite.config.ts), on a
// 375 px phone-sized page, with a moving canvas stream standing in for each agent's camera.
const here = fileURLToPath(new URL('.', import.meta.url));

let browser: Browser;
let page: Page;
let callWindow: FrameLocator;

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: "export { CallWindow } from './call-window.ts';", resolveDir: here, loader: 'ts' },
    bundle: true,
    format: 'iife',
    globalName: 'AssistCallWindow',
    platform: 'browser',
    alias: { zod: `${here}zod-stub.ts` },
    write: false,
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // The learner's click on 接聽 lets the videos play; here nobody clicks.
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  page = await browser.newPage({ viewport: { width: 375, height: 667 } });
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
  await page.evaluate(() => {
    const { CallWindow } = (window as unknown as { AssistCallWindow: typeof import('./call-window.ts') })
      .AssistCallWindow;
    const texts = {
      mute: 'Mute',
      unmute: 'Unmute',
      videoOn: 'Start video',
      videoOff: 'Stop video',
      endCall: 'End call',
      endControl: 'End remote control',
      remoteControl: 'Remote control',
      pausedVideo: 'Video has been paused. Click anywhere to resume.',
    };
    const w = new CallWindow(window, texts, {
      toggleAudio: () => true,
      toggleVideo: async () => false,
      end: () => undefined,
      endControl: () => undefined,
    });
    /** An agent's camera: a canvas that keeps changing, so its video keeps playing. */
    const camera = (color: string) => {
      const c = document.createElement('canvas');
      c.width = 320;
      c.height = 240;
      const g = c.getContext('2d') as CanvasRenderingContext2D;
      let x = 0;
      setInterval(() => {
        g.fillStyle = color;
        g.fillRect(0, 0, 320, 240);
        g.fillStyle = '#fff';
        x = (x + 7) % 300;
        g.fillRect(x, 100, 20, 20);
      }, 40);
      return c.captureStream(25);
    };
    w.start(Date.now());
    const cameras = { a: camera('#c00'), b: camera('#00c') };
    Object.assign(window, { w, cameras });
  });
  callWindow = page.frameLocator('[data-assist="call-window"]');
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

type W = {
  w: import('./call-window.ts').CallWindow;
  cameras: Record<'a' | 'b', MediaStream>;
};
const LONG_NAME = 'Customer Success Agent Number Two';
const tiles = () => callWindow.locator('[data-assist="tile"]');
const playing = (i: number) =>
  tiles()
    .nth(i)
    .locator('video')
    .evaluate((v: HTMLVideoElement) => v.readyState >= 2 && !v.paused && v.videoWidth > 0);

describe('the call window: one video per agent', () => {
  it('two agents: two videos playing, each named (cut at 20 characters), side by side within a 375 px page', async () => {
    await page.evaluate(() => {
      const { w, cameras } = window as unknown as W;
      w.setAgents([
        ['a', '客服阿哲'],
        ['b', 'Customer Success Agent Number Two'],
      ]);
      w.setRemoteStream('a', cameras.a);
      w.setRemoteStream('b', cameras.b);
    });
    await expect.poll(() => tiles().count()).toBe(2);
    await expect.poll(() => playing(0), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => playing(1), { timeout: 10_000 }).toBe(true);
    // Each tile plays its own agent's camera.
    const sources = await tiles()
      .locator('video')
      .evaluateAll((vs: HTMLVideoElement[]) => vs.map((v) => (v.srcObject as MediaStream).id));
    expect(sources).toEqual(
      await page.evaluate(() => {
        const { cameras } = window as unknown as W;
        return [cameras.a.id, cameras.b.id];
      }),
    );
    const labels = tiles().locator('[data-assist="tile-name"]');
    expect(await labels.allTextContents()).toEqual(['客服阿哲', `${LONG_NAME.slice(0, 20)}…`]);
    expect(await labels.nth(0).isVisible()).toBe(true);
    expect(await labels.nth(1).isVisible()).toBe(true);
    expect(await callWindow.getByLabel('客服阿哲', { exact: true }).count()).toBe(1);
    // The window sized itself to both tiles and stays on the phone's screen, both videos fully shown.
    const frame = await page.locator('[data-assist="call-window"]').boundingBox();
    expect(frame?.x).toBeGreaterThanOrEqual(0);
    expect((frame?.x ?? 0) + (frame?.width ?? 0)).toBeLessThanOrEqual(375);
    for (const i of [0, 1]) {
      const box = await tiles().nth(i).boundingBox();
      expect(box?.width).toBe(160);
      expect(box?.x).toBeGreaterThanOrEqual(frame?.x ?? 0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((frame?.x ?? 0) + (frame?.width ?? 0));
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual((frame?.y ?? 0) + (frame?.height ?? 0));
    }
    // The window is the plugin's own: kept out of recordings and the agent's mirror.
    expect(await page.locator('[data-assist="call-window"]').getAttribute('data-openreplay-hidden')).toBe('');
  });

  it('the 1 s remote-video check is per agent: only the paused one shows the placeholder, a click on it resumes that one', async () => {
    const paused = (i: number) => tiles().nth(i).locator('[data-assist="paused"]');
    await tiles()
      .nth(1)
      .locator('video')
      .evaluate((v: HTMLVideoElement) => v.pause());
    await paused(1).waitFor({ state: 'visible', timeout: 3_000 });
    expect(await paused(1).textContent()).toBe('Video has been paused. Click anywhere to resume.');
    expect(await paused(0).isVisible()).toBe(false);
    expect(await playing(0)).toBe(true);
    await paused(1).click();
    await paused(1).waitFor({ state: 'hidden', timeout: 3_000 });
    expect(await playing(1)).toBe(true);
  });

  it('an agent turning their camera off hides only their video', async () => {
    const shown = (i: number) => tiles().nth(i).locator('video').isVisible();
    await page.evaluate(() => (window as unknown as W).w.remoteVideo('b', false));
    expect(await shown(1)).toBe(false);
    expect(await shown(0)).toBe(true);
    await page.evaluate(() => (window as unknown as W).w.remoteVideo('b', true));
    expect(await shown(1)).toBe(true);
  });

  it('the first agent leaves: one tile is left, the other agent’s, still playing and filling the window as with one agent', async () => {
    await page.evaluate(() =>
      (window as unknown as W).w.setAgents([['b', 'Customer Success Agent Number Two']]),
    );
    await expect.poll(() => tiles().count()).toBe(1);
    expect(await playing(0)).toBe(true);
    expect(
      await tiles()
        .locator('video')
        .evaluate(
          (v: HTMLVideoElement) =>
            (v.srcObject as MediaStream).id === (window.parent as unknown as W).cameras.b.id,
        ),
    ).toBe(true);
    // One agent looks as it always did: the header names them, the video is 240×180 without a label.
    expect(await callWindow.locator('[data-assist="agent-name"]').textContent()).toBe(
      `${LONG_NAME.slice(0, 20)}…`,
    );
    expect(await tiles().locator('[data-assist="tile-name"]').isVisible()).toBe(false);
    expect(await callWindow.getByText(`${LONG_NAME.slice(0, 20)}…`).count()).toBe(1);
    expect(await callWindow.getByLabel(`${LONG_NAME.slice(0, 20)}…`).count()).toBe(1);
    const box = await tiles().boundingBox();
    expect([box?.width, box?.height]).toEqual([240, 180]);
    expect(await callWindow.locator('[data-assist="remote-video"]').count()).toBe(1);
  });

  it('a second agent joining again gets a new tile after the first; the last one leaving empties the window', async () => {
    await page.evaluate(() => {
      const { w, cameras } = window as unknown as W;
      w.setAgents([
        ['b', 'Customer Success Agent Number Two'],
        ['a', '客服阿哲'],
      ]);
      w.setRemoteStream('a', cameras.a);
    });
    expect(await tiles().locator('[data-assist="tile-name"]').allTextContents()).toEqual([
      `${LONG_NAME.slice(0, 20)}…`,
      '客服阿哲',
    ]);
    await expect.poll(() => playing(1), { timeout: 10_000 }).toBe(true);
    await page.evaluate(() => (window as unknown as W).w.setAgents([]));
    expect(await tiles().count()).toBe(0);
  });

  it('a replacement template without a tile hook still plays the agent’s video in its one remote video', async () => {
    const playingThere = await page.evaluate(async () => {
      const { w, cameras } = window as unknown as W;
      w.remove();
      const { CallWindow } = (window as unknown as { AssistCallWindow: typeof import('./call-window.ts') })
        .AssistCallWindow;
      const texts = {
        mute: 'm',
        unmute: 'u',
        videoOn: 'v',
        videoOff: 'o',
        endCall: 'e',
        endControl: 'c',
        remoteControl: 'r',
        pausedVideo: 'p',
      };
      const handlers = {
        toggleAudio: () => true,
        toggleVideo: async () => false,
        end: () => undefined,
        endControl: () => undefined,
      };
      const own = new CallWindow(
        window,
        texts,
        handlers,
        '<div id="w"><header data-assist="drag"><span data-assist="agent-name"></span></header><video data-assist="remote-video" autoplay playsinline></video><div data-assist="paused"></div></div>',
      );
      own.setAgents([['a', '客服阿哲']]);
      own.setRemoteStream('a', cameras.a);
      const v = own.iframe.contentDocument?.querySelector('video') as HTMLVideoElement;
      for (let i = 0; i < 100 && !(v.readyState >= 2 && !v.paused); i += 1)
        await new Promise((r) => setTimeout(r, 50));
      return v.srcObject === cameras.a && !v.paused && v.readyState >= 2;
    });
    expect(playingThere).toBe(true);
  });
});
