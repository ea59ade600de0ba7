import { MessageType } from '@atrium/protocol/tracker/messages';
import type { App } from '../app.ts';

// Spec §5/§9: channel names over 255 characters and bodies over 5 MB are ignored.
const MAX_CHANNEL = 255;
const MAX_BODY = 5 * 1024 * 1024;

/** WebSocket messages both ways; bodies only with network.capturePayload. */
export function websocketModule(app: App): (() => void) | undefined {
  const w = app.env.window;
  if (!app.options.network.captureWebSocket || typeof w.WebSocket !== 'function') return undefined;
  const Orig = w.WebSocket;
  let active = true;
  const record = (channel: string, data: unknown, dir: 'up' | 'down', kind: string) => {
    if (!active || channel.length > MAX_CHANNEL) return;
    const size =
      typeof data === 'string'
        ? data.length
        : data instanceof Blob
          ? data.size
          : ((data as ArrayBuffer | null)?.byteLength ?? 0);
    if (size > MAX_BODY) return;
    const body =
      typeof data === 'string' ? (app.options.network.capturePayload ? data : '') : `[binary ${size} bytes]`;
    app.send([MessageType.WSChannel, 'websocket', channel, body, dir, kind]);
  };
  class TrackedWebSocket extends Orig {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      const channel = String(url);
      this.addEventListener('open', () => record(channel, '', 'down', 'open'));
      this.addEventListener('close', () => record(channel, '', 'down', 'close'));
      this.addEventListener('message', (ev) => {
        const d = (ev as MessageEvent).data;
        record(channel, d, 'down', typeof d === 'string' ? 'text' : 'binary');
      });
    }
    override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
      record(this.url, data, 'up', typeof data === 'string' ? 'text' : 'binary');
      super.send(data);
    }
  }
  w.WebSocket = TrackedWebSocket as typeof WebSocket;
  return () => {
    active = false;
    if (w.WebSocket === TrackedWebSocket) w.WebSocket = Orig;
  };
}
