import { profileMessages } from '@atrium/protocol';
import { startS3rver } from '@atrium/server/test/start-s3rver';
import { makePng } from '@atrium/server/test/test-images';
import { afterAll, describe, expect, it } from 'vitest';
import { useJourney } from '../../support/journey.ts';
import { openBrowser, signedUpUser, toastVariant } from '../../support/portal.ts';
import { startTestServer } from '../../support/server.ts';

describe('avatar change through an S3-compatible store', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  // Registered before the journey's hooks, so it runs after them: the bucket closes last.
  afterAll(async () => {
    await s3?.close();
  });
  const journey = useJourney({
    start: async () => {
      s3 = await startS3rver();
      return startTestServer(undefined, s3.env);
    },
  });

  it('uploads straight to the bucket, within the CSP, and refuses a non-image after the fact', async () => {
    const { context, page, cspViolations } = await openBrowser(journey.browser, journey.server);
    await signedUpUser(page, journey.server, '小安');
    await page.goto('/user');
    await page.getByRole('heading', { name: '個人資料' }).waitFor();
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') puts.push(r.url());
    });

    const saved = page.waitForResponse((r) => r.url().endsWith('/v1/user/profile/avatar'));
    await page
      .getByTestId('avatar-file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(32, 32) });
    const profile = await (await saved).json();
    expect(await toastVariant(page, '頭像已更新')).toBe('success');
    // The bytes went to the bucket's presigned address, not through the server.
    expect(puts.some((url) => url.startsWith(`${s3.endpoint}/atrium-avatars/avatars/`))).toBe(true);
    const navAvatar = page.getByTestId('nav-avatar').locator('img');
    await expect.poll(() => navAvatar.getAttribute('src'), { timeout: 5000 }).toBe(profile.avatar);
    await expect
      .poll(() => navAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 5000 })
      .toBe(32);

    // A presigned PUT cannot check content: the server checks it when storing, and deletes what is bad.
    puts.length = 0;
    await page.getByTestId('avatar-file').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture at all'),
    });
    expect(await toastVariant(page, `400 ${profileMessages.avatarNotImage}`)).toBe('warning');
    const badKey = new URL(puts.find((url) => url.startsWith(s3.endpoint))!).pathname.replace(
      '/atrium-avatars/',
      '',
    );
    expect(await s3.exists(badKey)).toBe(false);
    expect(await navAvatar.getAttribute('src')).toBe(profile.avatar);
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
