import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { useTwoLearnersOnline } from './two-learners-online.ts';

// Issue 21 (ADR 0065): the learners-online list updates by itself and filters by learner, page, class and
// browser. The built portal and console, the real relay.
describe('live search', () => {
  const rowNames = async () =>
    (await online.agent.getByTestId('live-row').locator('td:nth-child(2) a').allTextContents()).sort();

  const online = useTwoLearnersOnline();

  it('filters by learner, current page, class and browser', async () => {
    const { agent } = online;
    await agent.setViewportSize({ width: 1280, height: 900 });
    await agent.goto('/console/live');
    await expect.poll(rowNames, { timeout: 20_000 }).toEqual(['小北', '小安'].sort());
    const learnerField = agent.getByLabel('學員姓名或電子郵件');
    await learnerField.fill('小北');
    await expect.poll(rowNames).toEqual(['小北']);
    await learnerField.fill('');
    const pageField = agent.getByLabel('目前頁面（網址或標題）');
    await pageField.fill('no-such-page');
    await agent.getByText('目前沒有線上學員。').waitFor();
    await pageField.fill('');
    await agent.getByLabel('班級').selectOption({ label: '資料分析班' });
    await expect.poll(rowNames).toEqual(['小安']);
    await agent.getByLabel('班級').selectOption({ label: '所有班級' });
    const browserField = agent.getByLabel('瀏覽器', { exact: true });
    await browserField.selectOption('Firefox');
    await agent.getByText('目前沒有線上學員。').waitFor();
    await browserField.selectOption('Chrome');
    await expect.poll(rowNames).toEqual(['小北', '小安'].sort());
    await expectAccessible(agent, 'the filtered live list at 1280 px');
    await agent.setViewportSize({ width: 375, height: 740 });
    await expectAccessible(agent, 'the filtered live list at 375 px');
    await agent.setViewportSize({ width: 1280, height: 900 });
  });

  it('the list drops a learner who leaves, without a reload', async () => {
    const { north } = online;
    await north.page.close();
    await expect.poll(rowNames, { timeout: 15_000 }).toEqual(['小安']);
  });
});
