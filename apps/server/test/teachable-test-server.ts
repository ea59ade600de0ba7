import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TeachableTestUser {
  id: number;
  email: string;
  name: string;
  courses: { id: number; name: string; image_url: string | null; percent_complete: number }[];
}

/**
 * A local server speaking Teachable's documented OAuth and API endpoints as ADR 0037 assumes them: the
 * school's SSO authorize page (a form: which user, authorize or deny), the token endpoint (authorization
 * code and refresh token grants), `current_user/me` and `current_user/courses`.
 */
export async function startTeachableServer(opts: { users: TeachableTestUser[]; accessTtlSeconds?: number }) {
  const clientId = 'teachable-client';
  const clientSecret = 'teachable-secret';
  const codes = new Map<string, number>();
  const access = new Map<string, { userId: number; expiresAt: number }>();
  const refresh = new Map<string, number>();
  const calls = { token: 0, refresh: 0, me: 0, courses: 0 };
  let down = false;

  const issue = (userId: number) => {
    const accessToken = randomBytes(16).toString('hex');
    const refreshToken = randomBytes(16).toString('hex');
    const ttl = opts.accessTtlSeconds ?? 7200;
    access.set(accessToken, { userId, expiresAt: Date.now() + ttl * 1000 });
    refresh.set(refreshToken, userId);
    return { access_token: accessToken, refresh_token: refreshToken, token_type: 'bearer', expires_in: ttl };
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return req.headers['content-type']?.includes('json')
      ? (JSON.parse(text) as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(text));
  };
  const bearerUser = (req: IncomingMessage) => {
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const grant = access.get(token);
    if (!grant || grant.expiresAt < Date.now()) return undefined;
    return opts.users.find((u) => u.id === grant.userId);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (down) return json(res, 503, { error: 'unavailable' });
    if (req.method === 'GET' && url.pathname === '/secure/123/identity/oauth_provider/authorize') {
      if (url.searchParams.get('client_id') !== clientId) return json(res, 400, { error: 'invalid_client' });
      const hidden = ['redirect_uri', 'state']
        .map((k) => `<input type="hidden" name="${k}" value="${url.searchParams.get(k) ?? ''}">`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        `<!doctype html><title>Teachable</title><form method="post" action="/secure/123/identity/oauth_provider/decide">${hidden}<label>Email <input name="email"></label><button name="decision" value="allow">Authorize</button><button name="decision" value="deny">Deny</button></form>`,
      );
    }
    if (req.method === 'POST' && url.pathname === '/secure/123/identity/oauth_provider/decide') {
      const body = await readBody(req);
      const back = new URL(body.redirect_uri!);
      back.searchParams.set('state', body.state ?? '');
      const user = opts.users.find((u) => u.email === body.email);
      if (body.decision !== 'allow' || !user) back.searchParams.set('error', 'access_denied');
      else {
        const code = randomBytes(12).toString('hex');
        codes.set(code, user.id);
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/v1/current_user/oauth2/token') {
      const body = await readBody(req);
      if (body.client_id !== clientId || body.client_secret !== clientSecret) {
        return json(res, 401, { error: 'invalid_client' });
      }
      if (body.grant_type === 'authorization_code') {
        calls.token++;
        const userId = codes.get(body.code ?? '');
        codes.delete(body.code ?? '');
        return userId === undefined
          ? json(res, 400, { error: 'invalid_grant' })
          : json(res, 200, issue(userId));
      }
      if (body.grant_type === 'refresh_token') {
        calls.refresh++;
        const userId = refresh.get(body.refresh_token ?? '');
        refresh.delete(body.refresh_token ?? '');
        return userId === undefined
          ? json(res, 400, { error: 'invalid_grant' })
          : json(res, 200, issue(userId));
      }
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    if (req.method === 'GET' && url.pathname === '/v1/current_user/me') {
      calls.me++;
      const user = bearerUser(req);
      if (!user) return json(res, 401, { error: 'invalid_token' });
      return json(res, 200, { id: user.id, name: user.name, email: user.email, role: 'student' });
    }
    if (req.method === 'GET' && url.pathname === '/v1/current_user/courses') {
      calls.courses++;
      const user = bearerUser(req);
      if (!user) return json(res, 401, { error: 'invalid_token' });
      return json(res, 200, { courses: user.courses, meta: { total: user.courses.length, page: 1 } });
    }
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    calls,
    env: {
      TEACHABLE_SCHOOL_URL: `${base}/school`,
      TEACHABLE_SSO_URL: `${base}/secure/123`,
      TEACHABLE_API_URL: `${base}/v1`,
      TEACHABLE_CLIENT_ID: clientId,
      TEACHABLE_CLIENT_SECRET: clientSecret,
    },
    /** Every access token stops working now (as at their expiry); refresh tokens still work. */
    expireAccessTokens() {
      for (const grant of access.values()) grant.expiresAt = 0;
    },
    setDown(value: boolean) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Goes through the school's authorize page over HTTP as `email` and returns where it sends the browser. */
export async function authorizeAtTeachable(
  authorizeUrl: string,
  email: string,
  decision: 'allow' | 'deny' = 'allow',
) {
  const page = new URL(authorizeUrl);
  const res = await fetch(new URL('/secure/123/identity/oauth_provider/decide', page), {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      redirect_uri: page.searchParams.get('redirect_uri')!,
      state: page.searchParams.get('state')!,
      email,
      decision,
    }),
  });
  return new URL(res.headers.get('location')!);
}
