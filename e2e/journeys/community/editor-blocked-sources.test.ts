import { seedId } from '@atrium/server/db/seed/seed-community';
import { describe, expect, it } from 'vitest';
import { signInToConsole } from '../../support/console.ts';
import { allowConsoleError } from '../../support/console-errors.ts';
import { useJourney } from '../../support/journey.ts';
import { seeded, startCommunityServer } from '../training/community.ts';

/**
 * Issue 23: the sub-chapter editor accepted an image from another site and a Google Drive video, which the
 * portal's Content-Security-Policy then blocked: learners saw an empty box. The editor now says so, naming the
 * server setting that would allow the source.
 */
describe('the sub-chapter editor and the portal\u2019s content policy', () => {
  const journey = useJourney({ start: startCommunityServer });

  it('warns about an image from another site, naming CSP_CDN_ORIGINS; the course image upload passes', async () => {
    // The preview tries both images: the made-up upload is missing, the other site's is refused by the policy.
    allowConsoleError(/course-images\/a\.png|images\.other\.example|404/);
    const { page, context } = await signInToConsole(journey.browser, journey.server, {
      role: 'admin',
      path: `/console/classes/${seeded.fe}/sub-chapters/${seedId('sub:fe12:ch1:intro')}`,
    });
    const content = page.getByLabel('內容（Markdown）');
    await content.waitFor();
    await content.fill('# 課程介紹\n\n![架構圖](/v1/course-images/a.png)');
    // The editor's own uploads are on the portal's origin: nothing to warn about.
    await page.getByTestId('sub-preview').getByRole('img', { name: '架構圖' }).waitFor();
    expect(await page.getByTestId('csp-warning').count()).toBe(0);

    await content.fill('# 課程介紹\n\n![架構圖](https://images.other.example/a.png)');
    const warning = page.getByTestId('csp-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('https://images.other.example');
    expect(await warning.textContent()).toContain('CSP_CDN_ORIGINS');
    await context.close();
  });
});
