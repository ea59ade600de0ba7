import { AVATAR_MAX_BYTES, messages } from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app.ts';
import { createTestUser, type TestUser } from '../../../test/create-test-user.ts';
import { S3RVER_BUCKET, startS3rver } from '../../../test/start-s3rver.ts';
import { databaseKinds } from '../../../test/test-databases.ts';
import { GIF, makeJpegHeader, makePng } from '../../../test/test-images.ts';

const BUCKET = S3RVER_BUCKET;
const stores = ['disk', 's3'] as const;

describe.each(databaseKinds.flatMap((kind) => stores.map((store) => [kind, store] as const)))(
  'avatar on %s with the %s store',
  (kind, store) => {
    let t: TestApp;
    let s3: Awaited<ReturnType<typeof startS3rver>> | undefined;
    let me: TestUser;
    let other: TestUser;
    beforeAll(async () => {
      if (store === 's3') s3 = await startS3rver();
      t = await createTestApp(kind, s3?.env ?? {});
      me = await createTestUser(t.app);
      other = await createTestUser(t.app);
    });
    afterAll(async () => {
      await t.close();
      await s3?.close();
    });

    const issue = async (type: 'png' | 'jpeg', user = me) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/user/upload/avatar/${type}`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { upload_url: string; image_url: string };
    };
    /** PUTs the bytes where the browser would: our signed address (disk) or the bucket (S3). */
    const upload = async (url: string, body: Buffer, contentType: string) => {
      if (store === 's3') {
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/atrium-avatars\/avatars\//);
        const res = await fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } });
        return { statusCode: res.status, json: async () => ({}) as { code?: string; message?: string } };
      }
      const res = await t.app.inject({
        method: 'PUT',
        url,
        payload: body,
        headers: { 'content-type': contentType },
      });
      return {
        statusCode: res.statusCode,
        json: async () => res.json() as { code?: string; message?: string },
      };
    };
    const store_ = (avatar: string, user = me) =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/user/profile/avatar',
        payload: { avatar },
        headers: user.auth,
      });
    /** The key the upload address writes (not the served one: ADR 0014). */
    const keyOf = (imageUrl: string) => `avatars/incoming/${imageUrl.split('/').pop()}`;

    it('uploads a png and a jpeg, stores them, and serves them with immutable caching', async () => {
      for (const [type, bytes, contentType] of [
        ['png', makePng(8, 8), 'image/png'],
        ['jpeg', makeJpegHeader(), 'image/jpeg'],
      ] as const) {
        const { upload_url, image_url } = await issue(type);
        expect(image_url).toMatch(type === 'png' ? /\.png$/ : /\.jpg$/);
        expect((await upload(upload_url, bytes, contentType)).statusCode).toBeLessThan(300);
        const res = await store_(image_url);
        expect(res.statusCode).toBe(200);
        expect(res.json().avatar).toBe(image_url);
        const profile = await t.app.inject({ method: 'GET', url: '/v1/user/profile', headers: me.auth });
        expect(profile.json().avatar).toBe(image_url);

        const served = await t.app.inject({ method: 'GET', url: image_url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(contentType);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.rawPayload.equals(bytes)).toBe(true);
      }
    });

    it('gives each upload a new address, so a cached avatar never changes under its address', async () => {
      const a = await issue('png');
      const b = await issue('png');
      expect(a.image_url).not.toBe(b.image_url);
      expect(a.upload_url).not.toBe(b.upload_url);
    });

    it('refuses a file that is not the issued image type, whatever it is labelled', async () => {
      for (const [type, bytes] of [
        ['png', GIF],
        ['png', Buffer.from('this is text renamed to x.png')],
        ['jpeg', makePng()],
        ['png', Buffer.alloc(0)],
      ] as const) {
        const { upload_url, image_url } = await issue(type);
        const put = await upload(upload_url, bytes, type === 'png' ? 'image/png' : 'image/jpeg');
        if (store === 'disk') {
          expect(put.statusCode).toBe(400);
          expect((await put.json()).code).toBe('avatar_not_image');
        }
        const res = await store_(image_url);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(store === 'disk' ? 'avatar_missing' : 'avatar_not_image');
        if (s3) expect(await s3.exists(keyOf(image_url))).toBe(false);
        expect((await t.app.inject({ method: 'GET', url: image_url })).statusCode).toBe(404);
      }
    });

    it('refuses a file over 2 MB with the avatar size message, and takes exactly 2 MB', async () => {
      const big = await issue('png');
      const put = await upload(big.upload_url, makePng(4, 4, [1, 2, 3], AVATAR_MAX_BYTES + 1), 'image/png');
      if (store === 'disk') {
        expect(put.statusCode).toBe(400);
        expect(await put.json()).toEqual({ code: 'avatar_too_large', message: messages.avatarSize });
      }
      const res = await store_(big.image_url);
      expect(res.statusCode).toBe(400);
      if (store === 's3') {
        expect(res.json()).toEqual({ code: 'avatar_too_large', message: messages.avatarSize });
        expect(await s3!.exists(keyOf(big.image_url))).toBe(false);
      }

      const exact = await issue('png');
      const bytes = makePng(4, 4, [1, 2, 3], AVATAR_MAX_BYTES);
      expect(bytes.length).toBe(AVATAR_MAX_BYTES);
      expect((await upload(exact.upload_url, bytes, 'image/png')).statusCode).toBeLessThan(300);
      expect((await store_(exact.image_url)).statusCode).toBe(200);
    });

    it('refuses an address issued to another user, a foreign address, or one never uploaded', async () => {
      const theirs = await issue('png', other);
      await upload(theirs.upload_url, makePng(), 'image/png');
      const stolen = await store_(theirs.image_url);
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().code).toBe('avatar_not_issued');
      expect((await store_('https://elsewhere.example/a.png')).json().code).toBe('avatar_not_issued');
      const never = await issue('png');
      expect((await store_(never.image_url)).json().code).toBe('avatar_missing');
      // Their upload is still theirs to store.
      expect((await store_(theirs.image_url, other)).statusCode).toBe(200);
    });

    it('refuses bad requests for an upload address', async () => {
      for (const type of ['gif', 'jpg', 'PNG']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/v1/user/upload/avatar/${type}`,
          headers: me.auth,
        });
        expect(res.statusCode, type).toBe(400);
      }
      expect((await t.app.inject({ method: 'GET', url: '/v1/user/upload/avatar/png' })).statusCode).toBe(401);
      expect((await store_('')).statusCode).toBe(400);
    });

    if (store === 'disk') {
      it('accepts uploads only on an intact, unused signed address', async () => {
        const { upload_url, image_url } = await issue('png');
        const url = new URL(upload_url, 'http://x');
        const tampered = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 60}&sig=${url.searchParams.get('sig')}`;
        expect((await upload(tampered, makePng(), 'image/png')).statusCode).toBe(403);
        const otherName = upload_url.replace(/avatar\/[^.]+/, 'avatar/AAAAAAAAAAAAAAAAAAAAAAAA');
        expect((await upload(otherName, makePng(), 'image/png')).statusCode).toBe(403);
        const noSig = url.pathname;
        expect((await upload(noSig, makePng(), 'image/png')).statusCode).toBe(400);
        // Not yet stored: not public.
        expect((await upload(upload_url, makePng(), 'application/octet-stream')).statusCode).toBe(204);
        expect((await t.app.inject({ method: 'GET', url: image_url })).statusCode).toBe(404);
        expect((await store_(image_url)).statusCode).toBe(200);
        // Once stored, the address is immutable.
        const again = await upload(upload_url, makePng(2, 2, [0, 0, 0]), 'image/png');
        expect(again.statusCode).toBe(403);
        expect(
          (await upload('/v1/uploads/avatar/../../x?expires=1&sig=a', makePng(), 'image/png')).statusCode,
        ).toBeGreaterThanOrEqual(400);
      });
    } else {
      it('keeps the checked avatar when its presigned address is used again after it was stored', async () => {
        const picture = makePng(6, 6, [9, 8, 7]);
        const { upload_url, image_url } = await issue('png');
        expect((await upload(upload_url, picture, 'image/png')).statusCode).toBeLessThan(300);
        expect((await store_(image_url)).statusCode).toBe(200);
        // The upload object is gone once its bytes were checked and copied.
        expect(await s3!.exists(keyOf(image_url))).toBe(false);

        // The review's attack: 3 MB of HTML through the same presigned URL, still valid for minutes.
        const html = Buffer.from(
          `<html><script>alert(document.cookie)</script>${'x'.repeat(3_000_000)}</html>`,
        );
        expect((await upload(upload_url, html, 'image/png')).statusCode).toBeLessThan(300);
        const served = await t.app.inject({ method: 'GET', url: image_url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/png');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.rawPayload.equals(picture)).toBe(true);
        // Choosing the same avatar again does not promote what now sits at the upload address.
        expect((await store_(image_url)).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'GET', url: image_url })).rawPayload.equals(picture)).toBe(true);
      });

      it('does not take uploads through the server when S3 is configured', async () => {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/v1/uploads/avatar/AAAAAAAAAAAAAAAAAAAAAAAA.png?expires=9999999999&sig=x',
          payload: makePng(),
          headers: { 'content-type': 'image/png' },
        });
        expect(res.statusCode).toBe(403);
      });
    }
  },
);

describe('avatar addresses with S3_PUBLIC_URL', () => {
  it('point at the public bucket address', async () => {
    const s3 = await startS3rver();
    const t = await createTestApp('pglite', { ...s3.env, S3_PUBLIC_URL: `${s3.env.S3_ENDPOINT}/${BUCKET}/` });
    try {
      const me = await createTestUser(t.app);
      const res = await t.app.inject({ method: 'GET', url: '/v1/user/upload/avatar/png', headers: me.auth });
      const { image_url, upload_url } = res.json();
      expect(image_url).toMatch(
        new RegExp(`^${s3.env.S3_ENDPOINT}/${BUCKET}/avatars/[A-Za-z0-9_-]{24}\\.png$`),
      );
      await fetch(upload_url, { method: 'PUT', body: makePng(), headers: { 'content-type': 'image/png' } });
      const stored = await t.app.inject({
        method: 'PUT',
        url: '/v1/user/profile/avatar',
        payload: { avatar: image_url },
        headers: me.auth,
      });
      expect(stored.statusCode).toBe(200);
      expect((await fetch(image_url)).status).toBe(200);
      // The public address is the final key; the presigned one cannot write it.
      await fetch(upload_url, { method: 'PUT', body: '<html>', headers: { 'content-type': 'image/png' } });
      expect(Buffer.from(await (await fetch(image_url)).arrayBuffer()).equals(makePng())).toBe(true);
    } finally {
      await t.close();
      await s3.close();
    }
  });
});
