import { createTestUser } from '@atrium/server/test/create-test-user';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { signInToConsole } from '../../support/console.ts';
import { useJourney } from '../../support/journey.ts';

/** Admin settings (tracker projects and what they fetch, staff roles) and the learner pages of the console. */
describe('console settings and learners', () => {
  const journey = useJourney();
  let admin: Page;

  beforeAll(async () => {
    admin = (
      await signInToConsole(journey.browser, journey.server, { role: 'admin', path: '/console/settings' })
    ).page;
    await admin.setViewportSize({ width: 1280, height: 900 });
  });

  it('creates a project and sets its flags, tags, conditions and usability tests', async () => {
    await admin.getByRole('heading', { name: '追蹤專案', level: 1 }).waitFor();
    const newProject = admin.getByTestId('new-project');
    await newProject.getByLabel('專案金鑰（選填，留空自動產生）').fill('x');
    await newProject.getByRole('button', { name: '建立專案' }).click();
    await newProject.getByText('此欄位必填').waitFor();
    await newProject.getByText('3–64 個英數字、- 或 _').waitFor();
    await newProject.getByLabel('專案名稱').fill('行銷網站');
    await newProject.getByLabel('專案金鑰（選填，留空自動產生）').fill('marketing-site');
    await newProject.getByRole('button', { name: '建立專案' }).click();
    const row = admin.getByTestId('project-table').locator('tr').filter({ hasText: 'marketing-site' });
    await row.getByRole('button', { name: '設定' }).click();
    await admin.getByRole('heading', { name: '「行銷網站」的設定' }).waitFor();
    await expectAccessible(admin, 'console tracker projects');

    const flag = admin.getByTestId('new-flag');
    await flag.getByLabel('旗標名稱').fill('new-checkout');
    await flag.getByLabel('開放比例（%）').fill('150');
    await flag.getByRole('button', { name: '新增' }).click();
    await flag.getByText('請輸入 0 到 100 的整數').waitFor();
    await flag.getByLabel('開放比例（%）').fill('25');
    await flag.getByRole('button', { name: '新增' }).click();
    const flagRow = admin
      .getByTestId('flag-list')
      .locator('.list-group-item')
      .filter({ hasText: 'new-checkout' });
    await flagRow.getByText('25%').waitFor();
    await flagRow.getByLabel('啟用').click();
    await expect.poll(() => flagRow.getByLabel('啟用').isChecked()).toBe(false);

    await admin.getByRole('tab', { name: '標籤' }).click();
    const tag = admin.getByTestId('new-tag');
    await tag.getByLabel('名稱').fill('結帳按鈕');
    await tag.getByLabel('CSS 選擇器').fill('#checkout');
    await tag.getByRole('button', { name: '新增' }).click();
    await admin.getByTestId('tag-list').getByText('#checkout').waitFor();

    await admin.getByRole('tab', { name: '錄製條件' }).click();
    const condition = admin.getByTestId('new-condition');
    await condition.getByLabel('條件名稱').fill('結帳頁');
    await condition.getByLabel('錄製比例（%）').fill('50');
    await condition.getByLabel('網址包含（選填）').fill('/checkout');
    await condition.getByRole('button', { name: '新增' }).click();
    await admin.getByTestId('condition-list').getByText('錄製 50%').waitFor();

    await admin.getByRole('tab', { name: '易用性測試' }).click();
    const uxt = admin.getByTestId('new-uxt');
    await uxt.getByLabel('測試名稱').fill('找到結帳');
    await uxt.getByLabel('起始頁面').fill('https://example.com/');
    await uxt.getByLabel('第一個任務').fill('把商品放進購物車');
    await uxt.getByRole('button', { name: '新增' }).click();
    const status = admin.getByLabel('「找到結帳」的狀態');
    await status.selectOption('paused');
    await expect.poll(() => status.inputValue()).toBe('paused');
    await expectAccessible(admin, 'console usability tests');
  });

  it('lists staff, changes a role, finds a learner and disables the account', async () => {
    const agent = await createTestUser(journey.server.app, { role: 'agent', nickname: '客服小芸' });
    const learner = await createTestUser(journey.server.app, { role: 'learner', nickname: '小明' });
    await admin.getByRole('navigation').getByRole('link', { name: '工作人員' }).click();
    await admin.getByTestId('learner-table').getByText(agent.email).waitFor();
    expect(await admin.getByTestId('learner-table').getByText(learner.email).count()).toBe(0);
    await expectAccessible(admin, 'console staff');

    await admin.getByRole('navigation').getByRole('link', { name: '學員', exact: true }).click();
    await admin.getByLabel('以 e-mail 或暱稱搜尋').fill(learner.email);
    await admin.getByTestId('learner-table').getByRole('link', { name: learner.email }).click();
    await admin.getByRole('heading', { name: '小明' }).waitFor();
    await expectAccessible(admin, 'console learner');
    const before = await journey.server.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      headers: learner.auth,
    });
    expect(before.statusCode).toBe(200);
    await admin.getByRole('button', { name: '停用帳號' }).click();
    await admin.getByRole('button', { name: '重新啟用' }).waitFor();
    const after = await journey.server.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      headers: learner.auth,
    });
    expect(after.statusCode).toBe(401);
    await admin.getByLabel('角色').selectOption('agent');
    await admin
      .getByText(/學員|客服/)
      .first()
      .waitFor();
    await expect
      .poll(
        async () =>
          (
            await journey.server.app.inject({
              method: 'GET',
              url: `/v1/console/community/learners?q=${learner.email}`,
              headers: agent.auth,
            })
          ).json().items[0].role,
      )
      .toBe('agent');
  });

  it('shows an agent the admins-only screen for settings', async () => {
    const agent = (
      await signInToConsole(journey.browser, journey.server, { role: 'agent', path: '/console/settings' })
    ).page;
    await agent.getByTestId('admin-only').waitFor();
    expect(await agent.getByRole('navigation').getByRole('link', { name: '追蹤設定' }).count()).toBe(0);
  });
});
