import { MessageType } from '@atrium/protocol/tracker/messages';
import type { App } from '../app.ts';
import { TrackerErrors } from '../errors.ts';
import { DEFAULT_CONSOLE_METHODS } from '../options.ts';

// Spec §9: the counter resets every 33 ticks; the first 10 array items or object keys are printed.
const RESET_TICKS = 33;
const MAX_ITEMS = 10;
const MAX_TEXT = 10_000;

/** A readable, bounded text of one console argument. */
export function printValue(v: unknown, depth = 0): string {
  if (typeof v === 'string') return depth === 0 ? v : JSON.stringify(v);
  if (v === null || typeof v !== 'object') {
    return typeof v === 'function' ? `ƒ ${(v as { name?: string }).name || 'anonymous'}()` : String(v);
  }
  if (v instanceof Error) return `${v.name}: ${v.message}`;
  if (depth > 2) return Array.isArray(v) ? '[…]' : '{…}';
  if (Array.isArray(v)) {
    const items = v.slice(0, MAX_ITEMS).map((x) => printValue(x, depth + 1));
    return `[${items.join(', ')}${v.length > MAX_ITEMS ? ', …' : ''}]`;
  }
  const keys = Object.keys(v);
  const shown = keys
    .slice(0, MAX_ITEMS)
    .map((k) => `${k}: ${printValue((v as Record<string, unknown>)[k], depth + 1)}`);
  const name = v.constructor && v.constructor !== Object ? `${v.constructor.name} ` : '';
  return `${name}{${shown.join(', ')}${keys.length > MAX_ITEMS ? ', …' : ''}}`;
}

/** Console capture: 30 messages per 33-tick window (spec §9), default methods, unsupported ones reported. */
export function consoleModule(app: App): (() => void) | undefined {
  const methods = app.options.consoleMethods;
  if (methods.length === 0) return undefined;
  const con = app.env.window.console as unknown as Record<string, (...a: unknown[]) => void>;
  let count = 0;
  const restores: (() => void)[] = [];
  for (const method of methods) {
    if (!DEFAULT_CONSOLE_METHODS.includes(method) || typeof con[method] !== 'function') {
      console.error(TrackerErrors.unsupportedConsole(method));
      continue;
    }
    const original = con[method]!;
    const patched = function (this: unknown, ...args: unknown[]) {
      original.apply(this, args);
      if (method === 'assert') {
        if (args[0]) return;
        args = ['Assertion failed:', ...args.slice(1)];
      }
      if (count >= app.options.consoleThrottling) return;
      count += 1;
      let text = args.map((a) => printValue(a)).join(' ');
      if (text.length > MAX_TEXT) text = `${text.slice(0, MAX_TEXT)}…`;
      app.send([MessageType.ConsoleLog, method, text]);
    };
    con[method] = patched;
    restores.push(() => {
      if (con[method] === patched) con[method] = original;
    });
  }
  restores.push(
    app.onTick((tick) => {
      if (tick % RESET_TICKS === 0) count = 0;
    }),
  );
  return () => {
    for (const r of restores) r();
  };
}
