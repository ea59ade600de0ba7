import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import type { Browser } from 'playwright-core';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
let bundle: string | undefined;

/** The console's player, `@rrweb/replay` (installed for apps/console), as one IIFE script for a blank page. */
function replayBundle(): string {
  bundle ??= buildSync({
    stdin: {
      contents: "export { Replayer } from '@rrweb/replay';",
      resolveDir: join(repoRoot, 'apps/console'),
    },
    bundle: true,
    format: 'iife',
    globalName: 'rrwebReplay',
    write: false,
    logLevel: 'silent',
  }).outputFiles[0]!.text;
  return bundle;
}

/**
 * A readable, comparable form of a document's body: one line per node, indented by depth. It runs in the
 * page (self-contained). `replay` says whether `document` holds the player, whose iframe is then read.
 * Differences that are the recording's rules, not bugs, are applied to the live side only:
 * - scripts and comments are not recorded (slimDOM `script`/`comment`);
 * - a `data-atrium-hide` element is recorded as an empty box keeping only its `class` (rrweb's block rule);
 *   the player gives the box the recorded size as `style="width: …px; height: …px;"`;
 * - the player sets `autocomplete="off"` on every input and textarea;
 * - text under `data-atrium-obscure` is `*` per visible character, whitespace dropped (masking.ts `obscure`).
 * URLs are compared resolved (rrweb absolutises them), input values by property (the player sets the
 * attribute), `<style>` by its parsed rules (rrweb records the sheet's rules, not the source text); a
 * textarea by its value only: its text children are its default value, which rrweb records as `value`.
 */
export function normaliseBody(replay: boolean): string[] {
  const HIDE = '[data-atrium-hide]';
  const OBSCURE = '[data-atrium-obscure]';
  const body = replay
    ? (document.querySelector('#root iframe') as HTMLIFrameElement).contentDocument!.body
    : document.body;
  const out: string[] = [];
  const walk = (n: Node, depth: number, obscured: boolean): void => {
    const pad = '  '.repeat(depth);
    if (n.nodeType === 3) {
      const t = n.textContent ?? '';
      out.push(`${pad}${JSON.stringify(obscured ? t.replace(/\s+/g, '').replace(/./gsu, '*') : t)}`);
      return;
    }
    if (n.nodeType === 8) {
      if (replay) out.push(`${pad}<!--${n.textContent}-->`);
      return;
    }
    if (n.nodeType !== 1) return;
    const el = n as Element;
    const tag = el.namespaceURI === 'http://www.w3.org/2000/svg' ? `svg:${el.localName}` : el.localName;
    if (tag === 'script' && !replay) return;
    const field = tag === 'input' || tag === 'textarea';
    const hidden = replay
      ? /^width: [\d.]+px; height: [\d.]+px;$/.test(el.getAttribute('style') ?? '')
      : el.matches(HIDE);
    const attrs: string[] = hidden ? [':blocked'] : [];
    for (const a of Array.from(el.attributes)) {
      if (/^(rr_|data-rr-)/.test(a.name) || (a.name === 'value' && field)) continue;
      if (hidden && (replay ? a.name === 'style' : a.name !== 'class')) continue;
      if (replay && field && a.name === 'autocomplete' && a.value === 'off') continue;
      let v = a.value;
      if (a.name === 'href' && 'href' in el && typeof el.href === 'string') v = el.href;
      if (a.name === 'src' && 'src' in el && typeof el.src === 'string') v = el.src;
      attrs.push(`${a.name}=${JSON.stringify(v)}`);
    }
    if (field && 'value' in el) attrs.push(`:value=${JSON.stringify(el.value)}`);
    attrs.sort();
    out.push(`${pad}<${tag}${attrs.map((a) => ` ${a}`).join('')}>`);
    if (hidden && !replay) return;
    if (tag === 'style') {
      const rules = Array.from((el as HTMLStyleElement).sheet?.cssRules ?? []).map((r) => r.cssText);
      out.push(`${pad}  :rules ${JSON.stringify(rules)}`);
      return;
    }
    if (tag === 'textarea') return;
    for (const c of Array.from(el.childNodes)) walk(c, depth + 1, obscured || el.matches(OBSCURE));
  };
  walk(body, 0, false);
  return out;
}

/** Replays `events` with `@rrweb/replay` in a fresh page up to the last event; returns the body's form. */
export async function replayBody(browser: Browser, events: { timestamp: number }[]): Promise<string[]> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.setContent('<!doctype html><html><body><div id="root"></div></body></html>');
    await page.addScriptTag({ content: replayBundle() });
    await page.evaluate((evs) => {
      const { Replayer } = (
        window as unknown as { rrwebReplay: { Replayer: new (...a: unknown[]) => unknown } }
      ).rrwebReplay;
      const r = new Replayer(evs, {
        root: document.getElementById('root'),
        triggerFocus: false,
        mouseTail: false,
        UNSAFE_replayCanvas: false,
        showWarning: false,
      }) as { pause(t: number): void };
      // pause(t) applies every event before t synchronously: the DOM as the agent sees at the end.
      r.pause(evs[evs.length - 1]!.timestamp - evs[0]!.timestamp + 1);
    }, events);
    if (errors.length) throw new Error(`the player failed: ${errors.join('; ')}`);
    return await page.evaluate(normaliseBody, true);
  } finally {
    await page.close();
  }
}
