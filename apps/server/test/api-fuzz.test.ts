import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './create-test-app.ts';
import { createTestUser, type TestUser } from './create-test-user.ts';
import { databaseKinds } from './test-databases.ts';

/**
 * Walks the OpenAPI document and calls every operation with hostile input: without credentials, then as a
 * learner, staff and a tracker with wrong types, null bytes, oversized strings, invalid ids and absurd page
 * numbers. Whatever comes in, the answer is never a 5xx and every failure has the `{message, code}` shape.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  default?: unknown;
};
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  security?: unknown[];
}

const NUL = 'a\u0000b';
const LONG = 'x'.repeat(20_000);
/** Values for a path or query parameter that no route should choke on. */
const badScalars = [
  'not-a-uuid',
  encodeURIComponent(NUL),
  '-1',
  '0',
  '99999999999999999999999',
  '1e308',
  'NaN',
  encodeURIComponent('測試😀'),
  encodeURIComponent("'; drop table users; --"),
  'x'.repeat(3000),
  '%E0%A4%A',
];
/** Values for a body field: wrong types, null bytes, oversized, nested. */
const badValues: unknown[] = [
  null,
  123,
  -1,
  1e308,
  true,
  NUL,
  `\u0000`,
  LONG,
  '測試😀\uD800',
  ['a'],
  { a: 1 },
  'not-a-uuid',
  '',
];

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'patch', 'delete'].includes(method)) continue;
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: content ? Object.values(content)[0]?.schema : undefined,
        security: op.security as unknown[] | undefined,
      });
    }
  }
  return ops;
}

/** A value shaped like the schema wants, with `poison` in every free-text string. */
function sample(schema: JsonSchema | undefined, poison: string, depth = 0): unknown {
  if (!schema || depth > 6) return poison;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const first = alternatives.find((a) => a.type !== 'null') ?? alternatives[0];
    return sample(first, poison, depth + 1);
  }
  if (schema.allOf?.[0]) return sample(schema.allOf[0], poison, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = sample(v, poison, depth + 1);
      return out;
    }
    case 'array':
      return [sample(schema.items, poison, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return `a${poison}@example.com`;
      if (schema.format === 'date-time') return new Date().toISOString();
      return poison;
    default:
      return poison;
  }
}

function urlOf(op: Operation, paramValue: (p: Parameter) => string, query: Record<string, string> = {}) {
  let url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const p = op.parameters.find((x) => x.in === 'path' && x.name === name);
    return p ? paramValue(p) : 'x';
  });
  const qs = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
    .join('&');
  if (qs) url += `?${qs}`;
  return url;
}

/** A well-formed value for a path parameter, so that only the caller's credentials are wrong. */
function plausible(p: Parameter): string {
  const s = p.schema ?? {};
  if (s.format === 'uuid') return randomUUID();
  if (s.type === 'integer' || s.type === 'number') return '1';
  if (s.enum) return String(s.enum[0]);
  if (p.name === 'feed') return `${'a'.repeat(43)}.ics`;
  if (p.name === 'verificationId') return 'abcdefghijkl';
  return 'abc';
}

describe.each(databaseKinds)('every API operation on %s', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let ops: Operation[];
  let learner: TestUser;
  let staff: TestUser;
  let tracker: { authorization: string };
  const failures: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_DISABLED: 'true' });
    app = t.app;
    const doc = (await app.inject({ method: 'GET', url: '/v1/docs/json' })).json();
    ops = operationsOf(doc);
    learner = await createTestUser(app);
    staff = await createTestUser(app, { role: 'admin' });
    const start = await app.inject({
      method: 'POST',
      url: '/ingest/v1/web/start',
      payload: {
        trackerVersion: '1.0.0',
        projectKey: 'atrium-portal',
        timestamp: Date.now(),
        doNotRecord: false,
        bufferDiff: 0,
        timezone: 'UTC+08:00',
        assistOnly: false,
        width: 1280,
        height: 720,
        url: 'http://localhost/',
        referrer: '',
        tabId: 't1',
      },
    });
    expect(start.statusCode).toBe(200);
    tracker = { authorization: `Bearer ${start.json().token}` };
  }, 120_000);
  afterAll(() => t.close());
  beforeEach(() => {
    failures.length = 0;
  });

  /** Records (rather than throws) so that one run lists every broken operation. */
  async function check(label: string, inject: InjectOptions & { method: string; url: string }) {
    const res = await app.inject(inject);
    const where = `${label}: ${inject.method} ${inject.url.slice(0, 160)}`;
    if (res.statusCode >= 500) failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    else if (res.statusCode >= 400) {
      let body: unknown;
      try {
        body = res.json();
      } catch {
        body = res.body;
      }
      const shaped =
        typeof body === 'object' &&
        body !== null &&
        typeof (body as { message?: unknown }).message === 'string' &&
        typeof (body as { code?: unknown }).code === 'string';
      if (!shaped)
        failures.push(`${where} → ${res.statusCode} without {message, code}: ${res.body.slice(0, 200)}`);
    }
    return res;
  }

  // Signing out without a session is a 204 by design (ADR 0002), so it is not "protected".
  const isProtected = (op: Operation) => (op.security?.length ?? 0) > 0 && !op.path.endsWith('/logout');
  const mutating = (op: Operation) => op.method !== 'GET';
  // Signing out would end the caller's session and blind the rest of the walk.
  const skipsAuthed = (op: Operation) => op.path.endsWith('/logout');

  it('finds the operations in the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(40);
    expect(ops.some((o) => o.path.startsWith('/v1/console/'))).toBe(true);
    expect(ops.some((o) => o.path.startsWith('/ingest/'))).toBe(true);
  });

  // The walk below trusts `security` to mark protected calls; a new call that forgets it must fail here.
  it('lists exactly the known public calls without security', () => {
    const open = ops
      .filter((o) => !isProtected(o) && /^\/(v1|ingest)\//.test(o.path))
      .map((o) => `${o.method} ${o.path}`);
    expect(open.sort()).toEqual(
      [
        'GET /v1/calendar/{feed}',
        'GET /v1/certificates/verify/{verificationId}',
        // Only whether the development mailbox exists; its mail list is local-only and development-only.
        'GET /v1/dev-mailbox',
        'GET /v1/health',
        // Readiness for balancers: which dependency failed, nothing about any user (ADR 0052).
        'GET /v1/health/ready',
        'GET /v1/uploads/avatar/{name}',
        'POST /ingest/v1/web/not-started',
        'POST /ingest/v1/web/start',
        'POST /v1/user/login',
        'POST /v1/user/logout',
        // The minted token in the body is the credential (ADR 0035).
        'POST /v1/user/impersonation',
        'POST /v1/user/register',
        'POST /v1/user/register/verify',
        'POST /v1/user/reset_password',
        'POST /v1/user/reset_password/verify',
        'PUT /v1/uploads/avatar/{name}',
        'PUT /v1/user/login/verify',
        'PUT /v1/user/register/verify',
        // Third-party sign-in (ADR 0036): the flow cookie and the provider's answer are the credential; a
        // link (intent) checks the session itself.
        'GET /v1/oidc/providers',
        'POST /v1/oidc/{provider}/authorize',
        'POST /v1/oidc/{provider}/callback',
        'POST /v1/oidc/link/confirm',
        'POST /v1/oidc/link/verify',
        // The course platform (ADR 0037): sign-in when signed out, binding when signed in.
        'GET /v1/course-platforms',
        // The mailed token is the credential; reading joins nothing, the verified address does (ADR 0063).
        'GET /v1/invitations/{token}',
        // A broadcast mail's one-click unsubscribe: the signed token is the credential (RFC 8058, ADR 0063).
        'POST /v1/mail/unsubscribe',
        'GET /v1/user/login/{platform}',
        'GET /v1/course-platform/{platform}/callback',
      ].sort(),
    );
  });

  it('refuses every protected operation without credentials with 401, before looking at the input', async () => {
    for (const op of ops.filter(isProtected)) {
      for (const values of [plausible, () => 'not-a-uuid']) {
        const res = await check('anonymous', {
          method: op.method as 'GET',
          url: urlOf(op, values),
          ...(mutating(op) ? { payload: { junk: NUL } } : {}),
        });
        if (res.statusCode !== 401)
          failures.push(`anonymous ${op.method} ${op.path} → ${res.statusCode}, not 401`);
      }
    }
    expect(failures).toEqual([]);
  });

  /** Every operation of `list` answers 403 to `who` before its input is looked at. */
  async function expectRefused(list: typeof ops, who: string, headers: Record<string, string>) {
    for (const op of list) {
      const res = await check(`${who} on a refused call`, {
        method: op.method as 'GET',
        url: urlOf(op, () => 'not-a-uuid'),
        headers,
        ...(mutating(op) ? { payload: { junk: NUL } } : {}),
      });
      if (res.statusCode !== 403)
        failures.push(`${who} ${op.method} ${op.path} → ${res.statusCode}, not 403`);
    }
    expect(failures).toEqual([]);
  }

  it('refuses staff operations to a learner with 403, before looking at the input', async () => {
    const staffOnly = ops.filter((o) => o.path.startsWith('/v1/console/'));
    expect(staffOnly.length).toBeGreaterThan(10);
    await expectRefused(staffOnly, 'learner', learner.auth);
  });

  it('refuses admin operations to an agent with 403 (settings, deleting recordings, the audit log)', async () => {
    const agent = await createTestUser(app, { role: 'agent' });
    const adminOnly = ops.filter(
      (o) =>
        o.path.startsWith('/v1/console/ingest/') ||
        o.path === '/v1/console/audit' ||
        // Deleting a recording is an admin's; a note on one is its author's too (ADR 0064).
        (o.method === 'DELETE' && o.path.startsWith('/v1/console/sessions/') && !o.path.includes('/notes/')),
    );
    expect(adminOnly.length).toBeGreaterThan(10);
    await expectRefused(adminOnly, 'agent', agent.auth);
  });

  const callers = () =>
    [
      ['learner', learner.auth],
      ['staff', staff.auth],
      ['tracker', tracker],
      ['anonymous', {}],
    ] as const;

  it('never answers 5xx to malformed path and query parameters', async () => {
    for (const op of ops) {
      for (const [who, headers] of callers()) {
        if (who !== 'anonymous' && skipsAuthed(op)) continue;
        const hasPath = op.parameters.some((p) => p.in === 'path');
        const queryParams = op.parameters.filter((p) => p.in === 'query');
        for (const bad of badScalars) {
          if (hasPath) {
            await check(who, {
              method: op.method as 'GET',
              url: urlOf(op, () => bad),
              headers,
              ...(mutating(op) ? { payload: {} } : {}),
            });
          }
          for (const q of queryParams) {
            await check(who, {
              method: op.method as 'GET',
              url: urlOf(op, plausible, { [q.name]: bad }),
              headers,
              ...(mutating(op) ? { payload: {} } : {}),
            });
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('never answers 5xx to malformed bodies: wrong types, null bytes, oversized strings', async () => {
    for (const op of ops.filter(mutating)) {
      for (const [who, headers] of callers()) {
        if (who !== 'anonymous' && skipsAuthed(op)) continue;
        const url = urlOf(op, plausible, { token: 'a'.repeat(43) });
        const send = (label: string, payload: unknown) =>
          check(`${who} ${label}`, {
            method: op.method as 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
        for (const whole of [null, [], 'text', 42, {}]) await send('whole body', whole);
        // Shaped bodies reach the domain code and the database: the null byte and the emoji must too.
        for (const poison of [NUL, '測試😀', LONG, 'ok', '\u0000'])
          await send('shaped body', sample(op.body, poison));
        const fields = Object.keys(op.body?.properties ?? {});
        for (const field of fields) {
          for (const value of badValues) {
            await send(`field ${field}`, { ...(sample(op.body, 'ok') as object), [field]: value });
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  /**
   * A real target for each path parameter a PATCH route names, created through the API as an admin. A new
   * PATCH route with a parameter missing here fails the test below until its target is added.
   */
  async function patchTargets(): Promise<Record<string, string>> {
    const create = async (url: string, payload: object) => {
      const res = await app.inject({ method: 'POST', url, headers: staff.auth, payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
      return res.json().id as string;
    };
    const community = '/v1/console/community';
    const id = await create(`${community}/classes`, { name: 'PATCH 目標班' });
    const chapterId = await create(`${community}/classes/${id}/chapters`, { name: '第 1 章' });
    const projectId = await create('/v1/console/ingest/projects', { name: 'PATCH 目標專案' });
    const taskId = await create(`${community}/classes/${id}/tasks`, {
      title: '作業',
      due_at: new Date(Date.now() + 86_400_000).toISOString(),
      published: false,
    });
    return {
      id,
      chapterId,
      projectId,
      linkId: await create(`${community}/classes/${id}/links`, {
        title: '講義',
        url: 'https://example.com/',
      }),
      subId: await create(`${community}/chapters/${chapterId}/sub-chapters`, {
        name: '介紹',
        type: 'markdown',
        content: '# 歡迎',
      }),
      taskId,
      // Staff may post in a class they prepare (preview), so the unpublished task's thread takes one.
      postId: await create(`/v1/training-classes/${id}/tasks/${taskId}/posts`, { body: '問題' }),
      userId: learner.id,
      // `id` names the class above, not a recording: the empty body is refused before any note is looked up.
      noteId: randomUUID(),
      flagId: await create(`/v1/console/ingest/projects/${projectId}/feature-flags`, { key: 'patch-target' }),
      testId: await create(`/v1/console/ingest/projects/${projectId}/uxt-tests`, {
        title: '可用性測試',
        start_page: '/',
        tasks: [{ title: '第一步' }],
      }),
    };
  }

  // An empty PATCH names nothing to change: a caller's mistake (400), never a 500 and never a silent 200.
  it('refuses an empty PATCH on every existing target with 400 in the one error shape', async () => {
    const targets = await patchTargets();
    const patches = ops.filter((o) => o.method === 'PATCH');
    expect(patches.length).toBeGreaterThan(5);
    for (const op of patches) {
      const unknown = op.parameters.filter((p) => p.in === 'path' && !(p.name in targets));
      if (unknown.length) {
        failures.push(`PATCH ${op.path}: no target for ${unknown.map((p) => p.name).join(', ')}`);
        continue;
      }
      const url = urlOf(op, (p) => targets[p.name]!);
      const res = await check('empty PATCH', { method: 'PATCH', url, headers: staff.auth, payload: {} });
      if (res.statusCode !== 400) failures.push(`PATCH ${op.path} with {} → ${res.statusCode}, not 400`);
    }
    expect(failures).toEqual([]);
  });

  it('never answers 5xx to a body that is not JSON or is too large', async () => {
    for (const op of ops.filter(mutating)) {
      if (skipsAuthed(op)) continue;
      const url = urlOf(op, plausible);
      for (const headers of [learner.auth, staff.auth]) {
        await check('raw', {
          method: op.method as 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{"a":',
        });
        await check('raw', {
          method: op.method as 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: `{"a":"${'x'.repeat(2_000_000)}"}`,
        });
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
