import { MessageType } from '@atrium/protocol/tracker/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { flushUntil, hasChromium } from './browser.ts';
import { chromiumSuite } from './chromium-suite.ts';
import { normaliseBody, replayBody } from './replay-page.ts';

type Win = Window & {
  AtriumTracker: new (
    o: unknown,
  ) => { start(): Promise<{ success: boolean; sessionID: string }>; forceFlushBatch(): void };
};

/**
 * What a support agent sees must be the page: a scripted sequence of DOM changes is recorded by the real
 * tracker, replayed with the console's player (`@rrweb/replay`) and the two bodies compared node by node.
 * It pins the mutation events' meaning for any recorder that emits them (rrweb's own or ours).
 */
describe.skipIf(!hasChromium)('replay fidelity: live DOM = replayed DOM (Chromium, built IIFE)', () => {
  const suite = chromiumSuite();

  /** Records `scenario` (self-contained: it runs in the page) and returns both bodies and the messages. */
  async function recordAndReplay(scenario: () => Promise<void>, drive?: (page: Page) => Promise<void>) {
    const ingest = await suite.serve();
    const page = await suite.browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      // The page's own relative.png and link do not exist on the fake ingest: that 404 is the fixture's.
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
      if (m.type() === 'warning' && /atrium/i.test(m.text())) problems.push(m.text());
    });
    await page.goto(`${ingest.origin}/fixtures/basic.html`);
    const r = await page.evaluate(async () => {
      const w = window as unknown as Win;
      const t = new w.AtriumTracker({ projectKey: 'pk-1', __DISABLE_SECURE_MODE: true });
      (w as unknown as { tracker: typeof t }).tracker = t;
      return t.start();
    });
    expect(r.success).toBe(true);
    await page.evaluate(scenario);
    await drive?.(page);
    // A last change marks the end, so the test knows every earlier event has been uploaded.
    await page.evaluate(() => document.body.setAttribute('data-done', '1'));
    await flushUntil(
      page,
      () => JSON.stringify(ingest.messages(r.sessionID)).includes('"data-done"'),
      'the last change',
    );
    const messages = ingest.messages(r.sessionID);
    const events = messages
      .filter((m) => m[0] === MessageType.RrwebEvent)
      .map((m) => m[1] as { timestamp: number });
    const live = await page.evaluate(normaliseBody, false);
    const replayed = await replayBody(suite.browser, events);
    await page.close();
    expect(messages.filter((m) => m[0] === MessageType.RecorderDegraded)).toEqual([]);
    expect(problems).toEqual([]);
    return { live, replayed, messages };
  }

  it('a live table: 20×5 cells rewritten with textContent over several frames', async () => {
    const { live, replayed, messages } = await recordAndReplay(async () => {
      // A frame and a task boundary, not a wait: each round of edits is its own mutation record.
      const frame = () => new Promise((res) => requestAnimationFrame(() => setTimeout(res, 0)));
      const table = document.createElement('table');
      const cells: HTMLTableCellElement[][] = [];
      for (let i = 0; i < 20; i += 1) {
        const tr = table.insertRow();
        cells.push(
          Array.from({ length: 5 }, (_, j) => Object.assign(tr.insertCell(), { textContent: `${i}:${j}` })),
        );
      }
      document.body.append(table);
      for (let f = 0; f < 8; f += 1) {
        await frame();
        // A different third of the cells each frame; some twice in a frame, some to empty.
        cells.forEach((row, i) => {
          row.forEach((td, j) => {
            if ((i + j + f) % 3 !== 0) return;
            td.textContent = `v${f}`;
            if (j === 4) td.textContent = f % 2 ? '' : `w${f}-${i}`;
          });
        });
      }
    });
    expect(live.join('\n')).toContain('"w6-14"');
    expect(replayed).toEqual(live);
    // A rewritten cell travels as a text change of its text node (the tracker's lean mutation path), not as a
    // removal and an addition: only the cells emptied (no new text node) are removals.
    let texts = 0;
    let removes = 0;
    for (const m of messages) {
      const e = m[1] as { type?: number; data?: { source?: number; texts?: unknown[]; removes?: unknown[] } };
      if (m[0] !== MessageType.RrwebEvent || e.type !== 3 || e.data?.source !== 0) continue;
      texts += e.data.texts?.length ?? 0;
      removes += e.data.removes?.length ?? 0;
    }
    expect(texts).toBeGreaterThan(2 * removes);
  });

  it('structural edits: moves, reorders, batched inserts, innerHTML, SVG, URLs, style, input, comment', async () => {
    const { live, replayed } = await recordAndReplay(async () => {
      // A task boundary, not a wait: the edits before it are their own mutation record.
      const tick = () => new Promise((res) => setTimeout(res));
      const frame = () => new Promise((res) => requestAnimationFrame(res));
      const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string) => {
        const e = document.createElement(tag);
        if (text !== undefined) e.textContent = text;
        return e;
      };
      const list = document.getElementById('list')!;
      const title = document.getElementById('title')!;
      list.append(el('li', 'a'), el('li', 'b'), el('li', 'c'));
      await tick();
      // One batch: start, middle, end, and three consecutive siblings in the middle.
      list.prepend(el('li', 'first'));
      list.insertBefore(el('li', 'mid'), list.children[2]!);
      list.append(el('li', 'last'));
      list.children[3]!.after(el('li', 'm1'), el('li', 'm2'), el('li', 'm3'));
      (title.firstChild as Text).data = 'Edited title';
      title.className = 'hot';
      title.setAttribute('data-x', '1');
      title.setAttribute('aria-label', 'heading');
      document.documentElement.setAttribute('data-theme', 'dark');
      document.body.style.overflow = 'hidden'; // a modal opening
      document.body.classList.add('modal-open');
      await frame();
      document.body.style.removeProperty('overflow');
      title.classList.remove('hot');
      title.removeAttribute('aria-label');
      title.setAttribute('data-x', '2');
      // A nested subtree built detached, then attached at once.
      const table = el('table');
      for (let i = 0; i < 3; i += 1)
        table
          .createTBody()
          .insertRow()
          .append(el('td', `t${i}`), el('td', `u${i}`));
      document.body.append(table);
      list.children[1]!.remove();
      const aside = el('aside');
      document.body.append(aside);
      await tick();
      aside.appendChild(list.children[0]!); // a move of an attached node
      for (const li of Array.from(list.children).reverse()) list.append(li); // a reorder
      const ghost = el('p', 'ghost');
      document.body.append(ghost);
      ghost.remove(); // added and removed in one batch: must not reach the replay
      aside.append(el('section'));
      await frame();
      aside.lastElementChild!.append(el('em', 'later child'), 'loose text');
      aside.lastElementChild!.prepend(document.createComment('a comment'));
      const box = el('div');
      box.innerHTML = '<p>old</p>';
      document.body.append(box);
      await tick();
      box.innerHTML = '<p>one <b>two</b></p><span>three</span>';
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttribute('viewBox', '0 0 10 10');
      const circle = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
      circle.setAttribute('r', '4');
      circle.id = 'dot';
      const use = document.createElementNS('http://www.w3.org/2000/svg', 'use');
      use.setAttribute('href', '#dot'); // kept local by rrweb's rules, unlike an <a href="#…">
      svg.append(circle, use);
      box.append(Object.assign(el('a', 'to the top'), { href: '#top' }));
      const a = Object.assign(el('a', 'relative link'), { href: 'relative/path' });
      const img = el('img');
      img.setAttribute('src', 'relative.png');
      const style = el('style', '.added-rule { color: rgb(1, 2, 3); }');
      const input = Object.assign(el('input'), { value: 'typed words' });
      box.append(svg, a, img);
      await tick(); // (elements rrweb writes with extra state — a style sheet, a value — in a batch of their own)
      box.append(style, input);
      await tick();
      input.value = 'changed words'; // a property change rrweb records as an input event
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const text = live.join('\n');
    for (const s of [
      '<svg:circle id="dot" r="4">',
      '"m3"',
      'relative/path',
      ':rules [".added-rule',
      'changed words',
    ])
      expect(text).toContain(s);
    expect(text).not.toContain('a comment');
    expect(text).not.toContain('ghost');
    expect(replayed).toEqual(live);
  });

  it('privacy: obscured text replays as asterisks, a hidden element as an empty box', async () => {
    const { live, replayed, messages } = await recordAndReplay(async () => {
      const secret = document.getElementById('secret-text')!;
      secret.textContent = 'Account of Ada  Lovelace';
      await new Promise((res) => setTimeout(res)); // a task boundary: the two edits are two records
      (secret.firstChild as Text).data = 'Account of Ada Byron';
      const added = document.createElement('div');
      added.setAttribute('data-atrium-obscure', '');
      added.innerHTML = '<span>card holder</span> <b>Grace Hopper</b>';
      document.getElementById('hidden-box')!.textContent = 'Hidden payroll figures';
      const hidden = document.createElement('section');
      hidden.setAttribute('data-atrium-hide', '');
      hidden.innerHTML = '<p>Hidden diagnosis</p>';
      document.body.append(added, hidden);
      await new Promise((res) => requestAnimationFrame(res));
      hidden.firstElementChild!.append(' and more hidden words');
    });
    const text = live.join('\n');
    expect(text).toContain('"*****************"'); // "AccountofAdaByron", every character a star
    const recorded = JSON.stringify(messages);
    for (const s of [
      'Lovelace',
      'Byron',
      'Grace',
      'Hidden box content',
      'payroll',
      'diagnosis',
      'more hidden',
    ])
      expect(recorded).not.toContain(s);
    expect(replayed).toEqual(live);
  });

  it('typing replays as it is typed: no blur needed, a textarea edited by script, a field an SPA move removes', async () => {
    const { live, replayed, messages } = await recordAndReplay(
      async () => {
        const field = (tag: 'input' | 'textarea', id: string, text = '') => {
          const f = Object.assign(document.createElement(tag), { id });
          f.textContent = text;
          return f;
        };
        document.body.append(
          field('input', 'name'),
          field('textarea', 'note', 'draft'),
          field('textarea', 'pasted', 'draft'),
          field('input', 'search'),
        );
      },
      async (page) => {
        // Real keystrokes (a script setting .value is another path, which rrweb always recorded).
        await page.type('#search', 'left behind', { delay: 20 });
        // An SPA route change takes the field away before it ever loses focus.
        await page.evaluate(() => document.getElementById('search')!.remove());
        await page.focus('#note');
        await page.keyboard.press('End');
        await page.keyboard.type(' typed', { delay: 20 });
        // A script edits the default text: an untouched field shows it, a typed one keeps what was typed.
        await page.evaluate(() => {
          for (const id of ['note', 'pasted'])
            (document.getElementById(id)!.firstChild as Text).appendData(' appended');
        });
        await page.type('#name', 'Ada Lovelace', { delay: 20 }); // still focused at the end
      },
    );
    const inputs = messages
      .filter((m) => m[0] === MessageType.RrwebEvent)
      .map((m) => m[1] as { type: number; data: { source?: number; text?: string } })
      .filter((e) => e.type === 3 && e.data.source === 5)
      .map((e) => e.data.text);
    expect(inputs).toContain('left behind');
    // Throttled: fewer values than keystrokes, the last always.
    expect(inputs.length).toBeLessThan('left behind typedAda Lovelace'.length);
    expect(live.join('\n')).toContain(':value="Ada Lovelace"');
    expect(live.join('\n')).toContain(':value="draft typed"');
    expect(live.join('\n')).toContain(':value="draft appended"');
    expect(replayed).toEqual(live);
  });
});
