import { MessageType } from '@atrium/protocol/tracker/messages';
import { record } from '@rrweb/record';
import type { App } from '../app.ts';
import { listen } from '../lib/listen.ts';
import { HIDE_SELECTOR, maskInputValue, maskText, OBSCURE_SELECTOR } from '../lib/masking.ts';
import { leanMutations, type MirrorLike } from './lean-mutations.ts';

type RrwebEvent = { type: number; data: Record<string, unknown>; timestamp: number };
type SerializedNode = {
  tagName?: string;
  attributes?: Record<string, unknown>;
  childNodes?: SerializedNode[];
};

const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const SOURCE_MUTATION = 0;
const SOURCE_INPUT = 5;
// Typing reaches the replay as it happens, at most one value per field this often (the last one always).
export const INPUT_THROTTLE_MS = 200;
const CANVAS_QUALITY = { low: 0.4, medium: 0.6, high: 0.85 } as const;

/** The change units of one mutation event: what the guard budgets. */
function mutationUnits(data: Record<string, unknown>): number {
  const len = (k: string) => (Array.isArray(data[k]) ? (data[k] as unknown[]).length : 0);
  return len('adds') + len('removes') + len('attributes') + len('texts');
}

// OpenReplay's limit: a data-URL image longer than this is replaced (it would dominate the upload).
export const MAX_DATA_URL = 100_000;
export const IMAGE_PLACEHOLDER =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/%3E';

/** Masked attribute names → `***`; data-URL images over MAX_DATA_URL → a placeholder. In place. */
function sanitizeAttributes(attrs: Record<string, unknown> | undefined, names: Set<string>): void {
  if (!attrs) return;
  for (const k in attrs) {
    if (names.has(k)) attrs[k] = '***';
    else if ((k === 'src' || k === 'srcset' || k === 'rr_dataURL') && isHugeDataUrl(attrs[k]))
      attrs[k] = IMAGE_PLACEHOLDER;
  }
}

const isHugeDataUrl = (v: unknown) =>
  typeof v === 'string' && v.length > MAX_DATA_URL && v.startsWith('data:');

function sanitizeTree(node: SerializedNode | undefined, names: Set<string>): void {
  if (!node) return;
  sanitizeAttributes(node.attributes, names);
  if (node.childNodes) for (const c of node.childNodes) sanitizeTree(c, names);
}

// What rrweb's own document observer asks for; ours asks the same, so a batch can go on to rrweb as it came.
const OBSERVE_ALL: MutationObserverInit = {
  attributes: true,
  attributeOldValue: true,
  characterData: true,
  characterDataOldValue: true,
  childList: true,
  subtree: true,
};

/**
 * Runs `start` (rrweb's record) while taking the callback rrweb gives the MutationObserver of the top document:
 * rrweb builds it from `MutationObserver.prototype.constructor` (its untampered-prototype lookup), so for the
 * length of that synchronous call the constructor is one that hands us the callback instead of observing.
 * Every other observer rrweb makes (shadow roots, frames) is real. Returns undefined when rrweb took another
 * way (a page with zone.js gets its prototype from a fresh frame): rrweb then observes everything itself.
 */
function takingRrwebObserver<T>(
  w: Window & typeof globalThis,
  Real: typeof MutationObserver,
  start: () => T,
): [T, MutationCallback | undefined] {
  let taken: MutationCallback | undefined;
  const doc = w.document;
  class Capture {
    // rrweb trusts a prototype whose constructor reads as native code (its check for patched globals); this
    // one stands in for the native constructor only for the length of `start`.
    static toString = () => Real.toString();
    private real: MutationObserver | null = null;
    constructor(private readonly cb: MutationCallback) {}
    observe(target: Node, init?: MutationObserverInit) {
      if (target === doc && !taken) {
        taken = this.cb;
        return;
      }
      this.real ??= new Real(this.cb);
      this.real.observe(target, init);
    }
    disconnect() {
      this.real?.disconnect();
    }
    takeRecords() {
      return this.real?.takeRecords() ?? [];
    }
  }
  const proto = w.MutationObserver.prototype;
  const own = Object.getOwnPropertyDescriptor(proto, 'constructor');
  try {
    Object.defineProperty(proto, 'constructor', { value: Capture, configurable: true, writable: true });
  } catch {
    return [start(), undefined]; // a page that froze the prototype: rrweb observes as usual
  }
  try {
    return [start(), taken];
  } finally {
    if (own) Object.defineProperty(proto, 'constructor', own);
    else delete (proto as { constructor?: unknown }).constructor;
  }
}

/**
 * DOM, CSS, fonts and canvas through rrweb; the top document's mutations through our leaner path first
 * (lean-mutations.ts), rrweb's buffer taking the batches that path leaves. With a mutation guard: past
 * `mutationBudget` node changes in one second DOM recording pauses (the recording gets a RecorderDegraded
 * message), a cheap counter watches the page, and once it calms recording resumes with a fresh full snapshot.
 */
export function domModule(app: App): () => void {
  const o = app.options;
  const w = app.env.window;
  const maskedAttrs = new Set(o.maskAttributes);
  let stopRecord: (() => void) | undefined;
  let windowStart = 0;
  let units = 0;
  let watcher: MutationObserver | null = null;
  let calmTimer: number | null = null;
  let observer: MutationObserver | null = null;
  let onRecords: ((records: MutationRecord[]) => void) | null = null;
  // Checkpoints (ADR 0021) are counted here, over rrweb's events and ours alike.
  let sinceCheckpoint = 0;
  let checkpointAt = Date.now();
  let checkpointing = false;

  /** Records the observer holds but has not delivered yet go out before anything that must follow them. */
  const flushRecords = () => {
    const records = observer?.takeRecords();
    if (records?.length) onRecords?.(records);
  };
  const fullSnapshot = () => {
    if (!stopRecord || checkpointing) return;
    checkpointing = true;
    try {
      flushRecords();
      record.takeFullSnapshot(true);
    } finally {
      checkpointing = false;
    }
  };

  // A field's value held back by the throttle; it goes out when due (tick), before any later event (so a field
  // an SPA move removes still shows what was typed) and when the page is hidden or left.
  const heldInputs = new Map<unknown, RrwebEvent>();
  const inputSentAt = new Map<unknown, number>();
  const sendInput = (e: RrwebEvent) => {
    heldInputs.delete(e.data.id);
    inputSentAt.set(e.data.id, e.timestamp);
    send(e);
  };
  const releaseInputs = (due?: number) => {
    for (const e of heldInputs.values())
      if (due === undefined || due - inputSentAt.get(e.data.id)! >= INPUT_THROTTLE_MS) sendInput(e);
  };

  const emit = (e: RrwebEvent) => {
    // rrweb stamps its events with the page's clock; every other message gets the server's (the start answer's
    // delay, app.timestamp()): the player lines both up, so a visitor's wrong clock must not part them.
    e.timestamp += app.delay;
    if (e.type === INCREMENTAL && e.data.source === SOURCE_INPUT) {
      const last = inputSentAt.get(e.data.id);
      if (last !== undefined && e.timestamp - last < INPUT_THROTTLE_MS) heldInputs.set(e.data.id, e);
      else sendInput(e);
      return;
    }
    releaseInputs();
    send(e);
  };

  const send = (e: RrwebEvent) => {
    if (e.type === INCREMENTAL && e.data.source === SOURCE_MUTATION) {
      const now = Date.now();
      if (now - windowStart > 1000) {
        windowStart = now;
        units = 0;
      }
      units += mutationUnits(e.data);
      if (units > o.mutationBudget) {
        app.send([
          MessageType.RecorderDegraded,
          'mutation-storm',
          `${units} DOM changes within 1 s; DOM recording paused`,
        ]);
        pause();
        return;
      }
    }
    if (e.type === FULL_SNAPSHOT) sanitizeTree(e.data.node as SerializedNode, maskedAttrs);
    else if (e.type === INCREMENTAL && e.data.source === SOURCE_MUTATION) {
      for (const a of (e.data.attributes as SerializedNode[]) ?? [])
        sanitizeAttributes(a.attributes, maskedAttrs);
      for (const add of (e.data.adds as { node: SerializedNode }[]) ?? [])
        sanitizeTree(add.node, maskedAttrs);
    }
    app.send([MessageType.RrwebEvent, e]);
    if (e.type === FULL_SNAPSHOT) {
      sinceCheckpoint = 0;
      checkpointAt = e.timestamp;
    } else if (
      e.type === INCREMENTAL &&
      (++sinceCheckpoint >= o.checkpoint.events || e.timestamp - checkpointAt > o.checkpoint.ms)
    )
      fullSnapshot();
  };

  const startRecord = () => {
    const s = app.session;
    const canvas = !!s?.canvasEnabled && !o.canvas.disableCanvas;
    const everyText = o.maskAllText || o.obscureTextEmails || o.obscureTextNumbers || !!o.domSanitizer;
    const Real = app.natives.MutationObserver;
    const [stop, rrwebCallback] = takingRrwebObserver(
      w,
      Real,
      () =>
        record({
          emit: emit as (e: unknown) => void,
          blockSelector: HIDE_SELECTOR,
          // rrweb asks maskTextFn only about text under maskTextSelector: when page text itself is subject to
          // rules (e-mails, numbers, the page's domSanitizer), every text goes through maskText.
          maskTextSelector: everyText ? '*' : OBSCURE_SELECTOR,
          // rrweb first walks every text's ancestors for its mask class; when every text is ours to mask, the
          // class selector matches the element itself at once (`.rr-mask,*`), saving one walk per text.
          maskTextClass: everyText ? 'rr-mask,*' : 'rr-mask',
          maskTextFn: (text: string, el: HTMLElement | null) => maskText(el, text, o),
          // Every input type is listed for masking (rrweb's own full list); maskInputFn decides.
          maskAllInputs: true,
          maskInputFn: (text: string, el: HTMLElement) => maskInputValue(el, text, o).value,
          inlineStylesheet: true,
          collectFonts: true,
          recordCanvas: canvas,
          dataURLOptions: canvas ? { type: 'image/webp', quality: CANVAS_QUALITY[s!.canvasQuality] } : {},
          // Pointer positions travel as our MouseMove messages (sampled every 7 ticks), not rrweb's.
          // Inputs as they are typed (rrweb's 'last' would record only `change`, i.e. on blur): see emit.
          sampling: {
            mousemove: false,
            scroll: 150,
            ...(canvas ? { canvas: s!.canvasFPS } : {}),
          },
          recordCrossOriginIframes: !!o.crossdomain.enabled,
          slimDOMOptions: { script: true, comment: true, headFavicon: true, headMetaVerification: true },
          errorHandler: () => true,
        } as Parameters<typeof record>[0]) as (() => void) | undefined,
    );
    if (!stop) return;
    if (rrwebCallback) {
      const lean = leanMutations(w.document, record.mirror as unknown as MirrorLike, o, (data) =>
        emit({ type: INCREMENTAL, data, timestamp: Date.now() }),
      );
      const recordsCb = (records: MutationRecord[]) => {
        let handled = false;
        try {
          handled = lean.handle(records);
        } catch {
          // a bug of ours must not lose the batch: rrweb writes it
        }
        if (!handled) rrwebCallback(records, observer!);
      };
      onRecords = recordsCb;
      observer = new Real(recordsCb);
      observer.observe(w.document, OBSERVE_ALL);
    }
    stopRecord = () => {
      observer?.disconnect();
      observer = null;
      onRecords = null;
      stop();
    };
  };

  // Each resume costs a full snapshot, so a page that storms again soon must stay calm longer before the next
  // one: 1 s after the first storm, doubling per storm up to 32 s; a storm 60 s after the last starts afresh.
  let storms = 0;
  let lastStorm = 0;
  const pause = () => {
    stopRecord?.();
    stopRecord = undefined;
    const now = Date.now();
    storms = now - lastStorm > 60_000 ? 1 : Math.min(storms + 1, 6);
    lastStorm = now;
    const calmSecondsNeeded = 2 ** (storms - 1);
    let calmSeconds = 0;
    let seen = 0;
    watcher = new app.natives.MutationObserver((records) => {
      seen += records.length;
    });
    watcher.observe(w.document, { childList: true, subtree: true, attributes: true, characterData: true });
    calmTimer = app.natives.setInterval(() => {
      calmSeconds = seen < o.mutationBudget / 10 ? calmSeconds + 1 : 0;
      seen = 0;
      if (calmSeconds < calmSecondsNeeded) return;
      watcher?.disconnect();
      watcher = null;
      if (calmTimer !== null) app.natives.clearInterval(calmTimer);
      calmTimer = null;
      app.send([
        MessageType.RecorderDegraded,
        'mutation-storm-end',
        'DOM recording resumed with a full snapshot',
      ]);
      windowStart = Date.now();
      units = 0;
      startRecord();
    }, 1000);
  };

  startRecord();
  const offSnapshot = app.onSnapshotRequest(fullSnapshot);
  const offs = [
    app.onTick(() => releaseInputs(Date.now() + app.delay)),
    // Registered before the app's own page-hide listeners (modules start first): they join the last commit.
    listen(w.document, 'visibilitychange', () => w.document.visibilityState === 'hidden' && releaseInputs()),
    listen(w, 'pagehide', () => releaseInputs()),
  ];
  return () => {
    for (const off of offs) off();
    releaseInputs();
    offSnapshot();
    flushRecords(); // the last changes before stop() are part of the recording
    stopRecord?.();
    stopRecord = undefined;
    watcher?.disconnect();
    watcher = null;
    if (calmTimer !== null) app.natives.clearInterval(calmTimer);
  };
}

/** rrweb's node id of an element (-1 when not recorded). */
export function nodeIdOf(node: Node | null): number {
  return node ? record.mirror.getId(node) : -1;
}

/** The node rrweb numbered `id` while recording, or null (the reverse of nodeIdOf). */
export function nodeById(id: number): Node | null {
  return record.mirror.getNode(id);
}
