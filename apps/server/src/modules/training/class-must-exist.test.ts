import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommunity } from '../../../test/open-community.ts';
import { databaseKinds } from '../../../test/test-databases.ts';

const base = '/v1/console/community';
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

describe.each(databaseKinds)('console routes of a class that does not exist on %s', (kind) => {
  let c: Awaited<ReturnType<typeof openCommunity>>;
  beforeAll(async () => {
    c = await openCommunity(kind);
  }, 60_000);
  afterAll(() => c.close());

  it('answer 404 class_not_found to valid input', async () => {
    const gone = '00000000-0000-4000-8000-000000000000';
    const cls = `${base}/classes/${gone}`;
    const calls: [string, string, object?][] = [
      ['GET', `${cls}/members`],
      ['POST', `${cls}/members`, { emails: ['learner@atrium.local'] }],
      ['POST', `${cls}/members/import`, { csv: 'email\nlearner@atrium.local\n' }],
      ['GET', `${cls}/links`],
      ['POST', `${cls}/links`, { title: '共筆', url: 'https://example.com/notes' }],
      ['GET', `${cls}/outline`],
      ['POST', `${cls}/chapters`, { name: '第一章' }],
      ['PUT', `${cls}/chapters/order`, { ids: [c.ids.chapter('fe12', 'html')] }],
      ['GET', `${cls}/sessions`],
      [
        'POST',
        `${cls}/sessions`,
        {
          title: '第一堂',
          starts_at: minutes(60),
          ends_at: minutes(120),
          check_in_opens_at: minutes(50),
          check_in_closes_at: minutes(70),
        },
      ],
      ['GET', `${cls}/certificates`],
      ['POST', `${cls}/certificates`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await c.t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${c.who.staff.token}` },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({
        message: expect.any(String),
        code: 'class_not_found',
      });
    }
  });
});
