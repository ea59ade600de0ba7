import { messages, profileMessages } from '@atrium/protocol';
import { makePng } from '@atrium/server/test/test-images';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, signedUpUser, toastVariant } from '../../support/portal.ts';

/** A real JPEG, encoded by the browser itself from a canvas. */
async function makeJpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 40;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#2a7';
    ctx.fillRect(0, 0, 40, 40);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The src of the navbar and side-menu avatars, once both decoded an image from `expected`. */
async function shownAvatars(page: Page, expected: string) {
  const images = [
    page.getByTestId('nav-avatar').locator('img'),
    page.getByTestId('side-avatar').locator('img'),
  ];
  const found: string[] = [];
  for (const image of images) {
    await expect.poll(() => image.getAttribute('src'), { timeout: 5000 }).toBe(expected);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 5000,
      })
      .toBeGreaterThan(0);
    found.push((await image.getAttribute('src')) ?? '');
  }
  return found;
}

describe('avatar change (spec 1 §4)', () => {
  const journey = useJourney();

  it('uploads a real PNG and JPEG and shows each in the navbar and the side menu at once', async () => {
    const { context, page, cspViolations } = await openBrowser(journey.browser, journey.server);
    await signedUpUser(page, journey.server, '小安');
    await page.goto('/user');
    await page.getByRole('heading', { name: '個人資料' }).waitFor();
    // No avatar yet: the default one.
    expect(await page.getByTestId('nav-avatar').locator('img').getAttribute('src')).toMatch(
      /^data:image\/svg\+xml/,
    );

    const stored: string[] = [];
    for (const [name, mimeType, buffer] of [
      ['me.png', 'image/png', makePng(64, 64, [220, 60, 60])],
      ['me.jpg', 'image/jpeg', await makeJpeg(page)],
    ] as const) {
      const saved = page.waitForResponse((r) => r.url().endsWith('/v1/user/profile/avatar') && r.ok());
      await page.getByTestId('avatar-file').setInputFiles({ name, mimeType, buffer });
      const profile = await (await saved).json();
      expect(await toastVariant(page, '頭像已更新')).toBe('success');
      await shownAvatars(page, profile.avatar);
      stored.push(profile.avatar);
      // The image itself is served for long caching: each upload gets a new address.
      const res = await page.request.get(profile.avatar);
      expect(res.headers()['cache-control']).toContain('immutable');
      expect(res.headers()['content-type']).toBe(mimeType);
    }
    expect(stored[0]).not.toBe(stored[1]);
    // After a reload the server's profile and entry still show the JPEG.
    await page.reload();
    await shownAvatars(page, stored[1]!);
    await expectAccessible(page, '/user with an avatar');
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it('refuses a 3 MB file, a GIF and a non-image renamed to .png, each with its message', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    await signedUpUser(page, journey.server, '小明');
    await page.goto('/user');
    await page.getByRole('heading', { name: '個人資料' }).waitFor();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/upload/avatar/')) calls.push(r.url());
    });
    const input = page.getByTestId('avatar-file');

    await input.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: makePng(4, 4, [0, 0, 0], 3 * 1024 * 1024),
    });
    expect(await toastVariant(page, messages.avatarSize)).toBe('warning');
    expect(await page.getByTestId('toast').filter({ hasText: messages.avatarSize }).textContent()).toContain(
      '檔案大小不得超過 2 MB',
    );

    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    await input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: gif });
    expect(await toastVariant(page, messages.avatarType)).toBe('warning');
    // Neither was sent anywhere: the browser refused them.
    expect(calls).toEqual([]);

    // Labelled as a PNG, but not an image: the server looks at the bytes and refuses it.
    await input.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('just some text, not a picture'),
    });
    expect(await toastVariant(page, `400 ${profileMessages.avatarNotImage}`)).toBe('warning');
    expect(calls).toHaveLength(1);
    expect(await page.getByTestId('nav-avatar').locator('img').getAttribute('src')).toMatch(
      /^data:image\/svg\+xml/,
    );
    const profile = await page.evaluate(async () => (await fetch('/v1/user/profile')).json());
    expect(profile.avatar).toBeNull();
    await context.close();
  });

  it('shows the upload progress of a large avatar just under 2 MB', async () => {
    const { context, page } = await openBrowser(journey.browser, journey.server);
    await signedUpUser(page, journey.server, '小華');
    await page.goto('/user');
    await page.getByRole('heading', { name: '個人資料' }).waitFor();
    // A slow uplink (2 Mbit/s) makes the upload last long enough to watch the bar move.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 250_000,
    });
    const buffer = makePng(16, 16, [10, 120, 200], 2_000_000);
    await page
      .getByTestId('avatar-file')
      .setInputFiles({ name: 'big-but-ok.png', mimeType: 'image/png', buffer });
    const bar = page.getByRole('progressbar', { name: '頭像上傳進度' });
    await bar.waitFor({ state: 'visible' });
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await toastVariant(page, '頭像已更新')).toBe('success');
    await bar.waitFor({ state: 'detached' });
    await context.close();
  });
});
