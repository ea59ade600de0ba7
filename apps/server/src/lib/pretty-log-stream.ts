import { Writable } from 'node:stream';
import { styleText } from 'node:util';

const LEVELS: Record<number, [string, Parameters<typeof styleText>[0]]> = {
  10: ['TRACE', 'gray'],
  20: ['DEBUG', 'gray'],
  30: ['INFO ', 'green'],
  40: ['WARN ', 'yellow'],
  50: ['ERROR', 'red'],
  60: ['FATAL', 'magenta'],
};
// pino's own fields, and a request line's (its message says them already); whatever else a line carries is
// shown as key=value after the message.
const BASE = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'method', 'url', 'status', 'ms']);

/**
 * Development logs for a terminal (ADR 0018): pino's JSON lines turned into `12:00:01 INFO  message key=value`,
 * an error with its stack below. Production keeps the JSON (log collectors read it); this is only the view.
 */
export function prettyLogStream(out: NodeJS.WritableStream = process.stdout, color = useColor()): Writable {
  const paint = (style: Parameters<typeof styleText>[0], text: string) =>
    color ? styleText(style, text) : text;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line) out.write(`${formatLine(line, paint)}\n`);
      }
      done();
    },
  });
}

function formatLine(line: string, paint: (style: Parameters<typeof styleText>[0], text: string) => string) {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const [label, style] = LEVELS[Number(entry.level)] ?? ['LOG  ', 'white'];
  const time = new Date(Number(entry.time) || Date.now()).toTimeString().slice(0, 8);
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const extras = Object.entries(entry)
    .filter(([key]) => !BASE.has(key) && key !== 'err')
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const head = [
    paint('gray', time),
    paint(style, label),
    String(entry.msg ?? ''),
    paint('gray', extras.join(' ')),
  ]
    .filter(Boolean)
    .join(' ');
  return err?.stack ? `${head}\n${paint('red', err.stack)}` : head;
}

function useColor(): boolean {
  return Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
}
