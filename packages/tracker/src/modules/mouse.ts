import { MessageType } from '@atrium/protocol/tracker/messages';
import { INGEST_PATHS } from '@atrium/protocol/tracker/paths';
import type { App } from '../app.ts';
import { clickLabel, clickTarget, selectorOf } from '../lib/describe-element.ts';
import { listen } from '../lib/listen.ts';
import { maskText } from '../lib/masking.ts';
import { nodeIdOf } from './dom.ts';

// Spec §9: positions sampled every 7 ticks; shaking is judged over 225 ms; click positions scaled to 10000.
const MOVE_TICKS = 7;
const SHAKE_WINDOW_MS = 225;
const SHAKE_TURNS = 3;
const SCALE = 10_000;

/** Clicks (label, selector, scaled position, tags), sampled pointer moves and shake detection. */
export function mouseModule(app: App): () => void {
  const w = app.env.window;
  const doc = w.document;
  const o = app.options;
  let x = -1;
  let y = -1;
  let sentX = -1;
  let sentY = -1;
  let turns: number[] = [];
  let lastDx = 0;
  let prevX = -1;
  let lastShake = 0;
  let tags: { id: number; selector: string }[] = [];
  const masked = new Set(o.maskAttributes);

  let tagsFor: unknown = null;
  const loadTags = () => {
    const s = app.session;
    // Once per session start: recording may begin after the start callbacks were attached, or before.
    if (!s || s === tagsFor) return;
    tagsFor = s;
    app
      .fetch(`${o.ingestPoint}${INGEST_PATHS.tags}`, { headers: { Authorization: `Bearer ${s.token}` } })
      .then((r) => (r.ok ? r.json() : { tags: [] }))
      .then((j: { tags?: { id: number; selector: string }[] }) => {
        tags = Array.isArray(j.tags) ? j.tags.filter((t) => typeof t.selector === 'string') : [];
      })
      .catch(() => undefined);
  };

  const offs = [
    listen(doc, 'click', (ev) => {
      const e = ev as MouseEvent;
      const target = e.target instanceof Element ? clickTarget(e.target) : null;
      if (!target) return;
      const root = doc.documentElement;
      const px = Math.round((e.pageX / Math.max(root.scrollWidth, 1)) * SCALE);
      const py = Math.round((e.pageY / Math.max(root.scrollHeight, 1)) * SCALE);
      const label = maskText(target, clickLabel(target, masked), o);
      app.send([
        MessageType.MouseClick,
        nodeIdOf(target),
        label,
        selectorOf(target),
        Math.min(px, SCALE),
        Math.min(py, SCALE),
      ]);
      app.conditions?.onClick(label, selectorOf(target));
      for (const tag of tags) {
        try {
          if (target.closest(tag.selector)) app.send([MessageType.TagTrigger, tag.id]);
        } catch {
          // an invalid selector from the server is skipped
        }
      }
    }),
    app.attachStartCallback(loadTags),
  ];
  if (app.session) loadTags();
  if (o.mouse.trackMoves || o.mouse.detectShake) {
    offs.push(
      listen(doc, 'mousemove', (ev) => {
        const e = ev as MouseEvent;
        x = e.pageX;
        y = e.pageY;
        if (!o.mouse.detectShake) return;
        const dx = prevX < 0 ? 0 : x - prevX;
        prevX = x;
        if (Math.abs(dx) < 5) return;
        const now = Date.now();
        if (lastDx !== 0 && Math.sign(dx) !== Math.sign(lastDx)) {
          turns = turns.filter((t) => now - t < SHAKE_WINDOW_MS);
          turns.push(now);
          if (turns.length >= SHAKE_TURNS && now - lastShake > 1000) {
            lastShake = now;
            turns = [];
            app.send([MessageType.MouseThrashing]);
          }
        }
        lastDx = dx;
      }),
    );
  }
  if (o.mouse.trackMoves) {
    offs.push(
      app.onTick((tick) => {
        if (tick % MOVE_TICKS !== 0 || x < 0 || (x === sentX && y === sentY)) return;
        sentX = x;
        sentY = y;
        app.send([MessageType.MouseMove, Math.round(x), Math.round(y)]);
      }),
    );
  }
  return () => {
    for (const off of offs) off();
  };
}
