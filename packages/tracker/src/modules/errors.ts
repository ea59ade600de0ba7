import { MessageType } from '@atrium/protocol/tracker/messages';
import type { App } from '../app.ts';
import { listen } from '../lib/listen.ts';

export interface StackFrame {
  functionName: string;
  fileName: string;
  lineNumber: number;
  columnNumber: number;
}

// Chrome: "    at fn (https://x/a.js:1:2)" or "    at https://x/a.js:1:2"; Firefox/Safari: "fn@https://x/a.js:1:2".
const CHROME = /^\s*at (?:(.*?) \()?(.*?):(\d+):(\d+)\)?\s*$/;
const GECKO = /^\s*(.*?)@(.*?):(\d+):(\d+)\s*$/;

/** Frames of an error stack in the two formats browsers use; unknown lines are skipped. */
export function parseStack(stack: string | undefined): StackFrame[] {
  if (!stack) return [];
  const frames: StackFrame[] = [];
  for (const line of stack.split('\n').slice(0, 50)) {
    const m = CHROME.exec(line) ?? GECKO.exec(line);
    if (!m) continue;
    frames.push({
      functionName: m[1] || '?',
      fileName: m[2] ?? '',
      lineNumber: Number(m[3]),
      columnNumber: Number(m[4]),
    });
  }
  return frames;
}

/** [25, name, message, stack JSON, payload JSON] of any thrown value. */
export function exceptionMessage(err: unknown, payload: unknown = null, fallbackName = 'Error'): unknown[] {
  let name = fallbackName;
  let message: string;
  let stack: StackFrame[] = [];
  if (err instanceof Error || (err && typeof err === 'object' && 'message' in err)) {
    const e = err as Error;
    name = e.name || fallbackName;
    message = String(e.message);
    stack = parseStack(e.stack);
  } else {
    message = typeof err === 'string' ? err : (JSON.stringify(err) ?? String(err));
  }
  return [
    MessageType.JSException,
    name,
    message.slice(0, 10_000),
    JSON.stringify(stack),
    JSON.stringify(payload),
  ];
}

/** window errors and unhandled rejections (spec §8). */
export function errorsModule(app: App): (() => void) | undefined {
  if (!app.options.captureExceptions) return undefined;
  const w = app.env.window;
  const offs = [
    listen(w, 'error', (ev) => {
      const e = ev as ErrorEvent;
      if (!(e instanceof ErrorEvent)) return; // resource load errors also bubble here
      app.send(
        e.error
          ? exceptionMessage(e.error)
          : exceptionMessage({
              name: 'Error',
              message: e.message,
              stack: `    at ${e.filename}:${e.lineno}:${e.colno}`,
            }),
      );
    }),
    listen(w, 'unhandledrejection', (ev) => {
      const reason = (ev as PromiseRejectionEvent).reason;
      const msg =
        reason instanceof Error
          ? exceptionMessage({
              name: 'Unhandled Promise Rejection',
              message: `${reason.name}: ${reason.message}`,
              stack: reason.stack,
            })
          : exceptionMessage(reason, null, 'Unhandled Promise Rejection');
      msg[1] = 'Unhandled Promise Rejection';
      app.send(msg);
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
