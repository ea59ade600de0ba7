import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../support/axe.ts';
import { useAssistPair } from './assist-journey.ts';

const MIRROR = '[data-testid="live-player"] iframe';

// Issue 32: keys the agent types on the mirror reach the learner's focused field (the built portal's
// React profile form), IME composition included, only while control is granted; the mirror shows the text
// only as the learner's recording brings it back (the portal obscures typed values: `*`s).
describe('typing on the mirror', () => {
  const pair = useAssistPair();

  it('reaches the learner’s field only under control, and the mirror is never edited locally', async () => {
    const { learner, agent, mirror } = pair;
    await learner.getByTestId('nav-avatar').click();
    const field = learner.getByLabel('自我介紹');
    await field.waitFor();
    const mirrored = mirror.locator('textarea');
    await mirrored.waitFor();
    const onMirror = async () => {
      const box = await mirrored.boundingBox();
      if (!box) throw new Error('the field is not on the mirror');
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };

    // Without control: the click and the keys go nowhere.
    let at = await onMirror();
    await agent.mouse.click(at.x, at.y);
    await agent.keyboard.type('no');
    expect(await agent.getByTestId('mirror-keyboard').count()).toBe(0);
    await agent.getByRole('button', { name: '要求遠端控制' }).click();
    // The request travels after the keys would have (agent → relay → learner, in order).
    const prompt = learner.getByRole('alertdialog', { name: '客服要求遠端控制您的畫面，是否允許？' });
    await prompt.waitFor();
    expect(await field.inputValue()).toBe('');
    expect(await mirrored.inputValue()).toBe('');
    await prompt.getByRole('button', { name: '允許遠端控制' }).click();
    await agent.getByText('學員已同意遠端控制').waitFor();

    at = await onMirror();
    await agent.mouse.click(at.x, at.y);
    await expect.poll(() => learner.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    const keys = agent.getByTestId('mirror-keyboard');
    await expect
      .poll(() => agent.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('mirror-keyboard');

    await agent.keyboard.type('hellp');
    await agent.keyboard.press('Backspace');
    await agent.keyboard.type('o ');
    // A Chinese IME: the pinyin is composed, then 你好 is committed.
    const cdp = await agent.context().newCDPSession(agent);
    await cdp.send('Input.imeSetComposition', { text: 'ni', selectionStart: 2, selectionEnd: 2 });
    await cdp.send('Input.imeSetComposition', { text: 'nihao', selectionStart: 5, selectionEnd: 5 });
    await cdp.send('Input.insertText', { text: '你好' });
    await agent.keyboard.press('Enter');
    await agent.keyboard.type('ok');

    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe('hello 你好\nok');
    // The portal's form (React) saw the typing: its character count follows.
    await learner.getByText('11 / 500 字').waitFor();
    // The mirror shows what the learner's recording says, obscured, never the agent's own keys.
    await expect.poll(() => mirrored.inputValue(), { timeout: 10_000 }).toBe('*********');

    await expectAccessible(agent, 'the live view while typing on the mirror', [MIRROR]);
    await expectAccessible(learner, 'the learner’s profile under remote control');

    // Released: the catcher is gone and keys no longer reach the learner.
    await agent.getByRole('button', { name: '結束遠端控制' }).click();
    await keys.waitFor({ state: 'detached' });
    await agent.keyboard.type('zz');
    await agent.getByRole('button', { name: '要求遠端控制' }).click();
    await prompt.waitFor();
    expect(await field.inputValue()).toBe('hello 你好\nok');
    await prompt.getByRole('button', { name: '拒絕' }).click();
  });
});
