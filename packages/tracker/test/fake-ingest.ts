import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { type BatchEnvelope, batchEnvelope } from '@atrium/protocol/tracker/batch';
import { expandMessage } from '@atrium/protocol/tracker/compact-mutation';
import {
  conditionsResponse,
  featureFlagsRequest,
  featureFlagsResponse,
  uxtTaskSignal,
  uxtTest,
  uxtTestSignal,
} from '@atrium/protocol/tracker/extras';
import { notStartedRequest, type StartRequest, startRequest } from '@atrium/protocol/tracker/start';

const here = dirname(fileURLToPath(import.meta.url));

export interface FakeIngestOptions {
  beaconSizeLimit?: number;
  compressionThreshold?: number;
  canvasEnabled?: boolean;
  features?: string[];
  conditions?: unknown;
  flags?: unknown;
  /** Bodies over this many bytes get 413, whatever beaconSizeLimit says (default: beaconSizeLimit). */
  hardLimit?: number;
  /** The start answer's `delay` (server clock minus tracker clock), default 0. */
  delay?: number;
  /** Extra routes: path → HTML body served as a page. */
  pages?: Record<string, string>;
}

/**
 * A protocol-level fake of the ingest server (the real one lives in apps/server): it speaks exactly the wire
 * contract of packages/protocol/src/tracker, validates every body with its zod schemas, and also serves the
 * fixture pages and the built tracker from the same origin.
 */
export class FakeIngest {
  server: Server;
  port = 0;
  starts: StartRequest[] = [];
  notStarted: unknown[] = [];
  batches: BatchEnvelope[] = [];
  duplicateBatches = 0;
  gzipped = 0;
  uploadedBytes = 0;
  rejected: { path: string; status: number; reason: string }[] = [];
  flagRequests: unknown[] = [];
  tagRequests = 0;
  echoHeaders: Record<string, string | string[] | undefined>[] = [];
  uxtSignals: { path: string; body: unknown }[] = [];
  tokens = new Map<string, string>(); // token → sessionID
  expired = new Set<string>();
  private sockets = new Set<Socket>();
  private sessionSeq = 0;

  constructor(readonly opts: FakeIngestOptions = {}) {
    // A page that goes away mid-upload aborts its request (the tests close pages on purpose): drop that
    // request as a real server would, instead of leaving an unhandled rejection behind.
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => res.destroy());
    });
    this.server.on('upgrade', (req, socket) => echoWebSocket(req, socket as Socket));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async listen(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(this.port, '127.0.0.1', () => r()));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Takes the server off the network (connections refused) until resume(). */
  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  async resume(): Promise<void> {
    await this.listen();
  }

  /** Every message of every distinct batch, in (pageNo, seq, batchId) order. */
  messages(sessionID?: string): unknown[][] {
    // As the console's player reads them: compact mutation events expanded to rrweb's form (ADR 0021).
    return this.sorted(sessionID).flatMap((b) => b.messages.map(expandMessage));
  }

  sessionsOf(): (string | undefined)[] {
    return (this.batches as (BatchEnvelope & { sessionID?: string })[]).map((b) => b.sessionID);
  }

  sorted(sessionID?: string): (BatchEnvelope & { sessionID?: string })[] {
    const list = (this.batches as (BatchEnvelope & { sessionID?: string })[]).filter(
      (b) => !sessionID || b.sessionID === sessionID,
    );
    return [...list].sort(
      (a, b) => a.pageNo - b.pageNo || a.seq - b.seq || a.batchId.localeCompare(b.batchId),
    );
  }

  private send(res: ServerResponse, status: number, body?: unknown, type = 'application/json'): void {
    res.writeHead(status, {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'authorization, content-type, content-encoding',
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      ...(body === undefined ? {} : { 'Content-Type': type }),
    });
    res.end(body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
  }

  private async body(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  private auth(req: IncomingMessage): string | null {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !this.tokens.has(token) || this.expired.has(token)) return null;
    return token;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin);
    const path = url.pathname;
    if (req.method === 'OPTIONS') return this.send(res, 204);
    if (path === '/tracker.js') {
      return this.send(res, 200, readFileSync(join(here, '../dist/tracker.js'), 'utf8'), 'text/javascript');
    }
    const page = this.opts.pages?.[path];
    if (page !== undefined) return this.send(res, 200, page, 'text/html; charset=utf-8');
    if (path.startsWith('/fixtures/')) {
      return this.send(res, 200, readFileSync(join(here, path.slice(1)), 'utf8'), 'text/html; charset=utf-8');
    }
    if (path === '/api/echo') {
      this.echoHeaders.push(req.headers);
      return this.send(res, 200, { ok: true, echo: url.searchParams.get('q') });
    }
    if (path === '/api/fail') return this.send(res, 500, { error: 'boom' });
    if (path === '/graphql') {
      const raw = (await this.body(req)).toString();
      return this.send(res, 200, raw.includes('bad') ? { errors: [{ message: 'x' }] } : { data: { ok: 1 } });
    }

    const raw = await this.body(req);
    if (req.method === 'POST' && path === '/ingest/v1/web/start') {
      const parsed = startRequest.safeParse(JSON.parse(raw.toString()));
      if (!parsed.success) {
        this.rejected.push({ path, status: 400, reason: parsed.error.message });
        return this.send(res, 400, { message: 'bad start request', code: 'bad_request' });
      }
      this.starts.push(parsed.data);
      const previous = parsed.data.token ? this.tokens.get(parsed.data.token) : undefined;
      const sessionID = previous ?? `s${++this.sessionSeq}`;
      const token = `tok-${sessionID}-${this.starts.length}`;
      this.tokens.set(token, sessionID);
      return this.send(res, 200, {
        token,
        userUUID: parsed.data.userUUID ?? `user-uuid-${this.starts.length}`,
        projectID: '7',
        beaconSizeLimit: this.opts.beaconSizeLimit ?? 1_000_000,
        compressionThreshold: this.opts.compressionThreshold ?? 10_000,
        delay: this.opts.delay ?? 0,
        sessionID,
        startTimestamp: Date.now(),
        userBrowser: 'Chrome',
        userCity: '',
        userCountry: 'TW',
        userDevice: '',
        userOS: 'Linux',
        userState: '',
        canvasEnabled: this.opts.canvasEnabled ?? false,
        canvasQuality: 'low',
        canvasFPS: 2,
        assistOnly: false,
        features: this.opts.features ?? [],
      });
    }
    if (req.method === 'POST' && path === '/ingest/v1/web/not-started') {
      this.notStarted.push(notStartedRequest.parse(JSON.parse(raw.toString())));
      return this.send(res, 204);
    }
    if (req.method === 'POST' && path === '/ingest/v1/web/i') {
      const token = this.auth(req);
      if (!token) return this.send(res, 401, { message: 'token expired', code: 'unauthorized' });
      this.uploadedBytes += raw.length;
      if (raw.length > (this.opts.hardLimit ?? this.opts.beaconSizeLimit ?? 1_000_000))
        return this.send(res, 413, { message: 'too large', code: 'too_large' });
      let text: string;
      if (req.headers['content-encoding'] === 'gzip') {
        this.gzipped += 1;
        text = gunzipSync(raw).toString();
      } else text = raw.toString();
      const parsed = batchEnvelope.safeParse(JSON.parse(text));
      if (!parsed.success) {
        this.rejected.push({ path, status: 400, reason: parsed.error.message });
        return this.send(res, 400, { message: 'bad batch', code: 'bad_request' });
      }
      if (this.batches.some((b) => b.batchId === parsed.data.batchId)) this.duplicateBatches += 1;
      else this.batches.push({ ...parsed.data, sessionID: this.tokens.get(token) } as BatchEnvelope);
      return this.send(res, 204);
    }
    if (req.method === 'POST' && path === '/ingest/v1/web/feature-flags') {
      this.flagRequests.push(featureFlagsRequest.parse(JSON.parse(raw.toString())));
      return this.send(res, 200, featureFlagsResponse.parse(this.opts.flags ?? { flags: [] }));
    }
    if (req.method === 'GET' && path.startsWith('/ingest/v1/web/conditions/')) {
      if (!this.auth(req)) return this.send(res, 401, { message: 'no', code: 'unauthorized' });
      return this.send(res, 200, conditionsResponse.parse(this.opts.conditions ?? { conditions: [] }));
    }
    if (req.method === 'GET' && path.startsWith('/ingest/v1/web/uxt/test/')) {
      if (!this.auth(req)) return this.send(res, 401, { message: 'no', code: 'unauthorized' });
      return this.send(
        res,
        200,
        uxtTest.parse({
          id: Number(path.split('/').pop()),
          title: 'Find a course',
          description: 'Two small tasks',
          guidelines: 'Think aloud',
          conclusion: 'Thank you!',
          startPage: '/fixtures/basic.html',
          tasks: [
            { taskId: 11, title: 'Open the catalogue', description: null, allowTyping: false },
            { taskId: 12, title: 'What did you expect?', description: 'Type an answer', allowTyping: true },
          ],
        }),
      );
    }
    if (req.method === 'POST' && path === '/ingest/v1/web/uxt/signals/task') {
      this.uxtSignals.push({ path, body: uxtTaskSignal.parse(JSON.parse(raw.toString())) });
      return this.send(res, 204);
    }
    if (req.method === 'POST' && path === '/ingest/v1/web/uxt/signals/test') {
      this.uxtSignals.push({ path, body: uxtTestSignal.parse(JSON.parse(raw.toString())) });
      return this.send(res, 204);
    }
    if (req.method === 'GET' && path === '/ingest/v1/web/tags') {
      this.tagRequests += 1;
      return this.send(res, 200, { tags: [{ id: 5, selector: '#buy' }] });
    }
    return this.send(res, 404, { message: 'not found', code: 'not_found' });
  }
}

/** A minimal RFC 6455 echo endpoint (text frames under 64 KB) so the tracker's WebSocket capture can be tested. */
function echoWebSocket(req: IncomingMessage, socket: Socket): void {
  const key = req.headers['sec-websocket-key'];
  if (typeof key !== 'string') return void socket.destroy();
  const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  socket.on('data', (buf: Buffer) => {
    const opcode = buf[0]! & 0x0f;
    if (opcode === 8) return void socket.end();
    let len = buf[1]! & 0x7f;
    let offset = 2;
    if (len === 126) {
      len = buf.readUInt16BE(2);
      offset = 4;
    }
    const mask = buf.subarray(offset, offset + 4);
    const data = Buffer.from(buf.subarray(offset + 4, offset + 4 + len).map((b, i) => b ^ mask[i % 4]!));
    const text = `echo:${data.toString()}`;
    const out = Buffer.from(text);
    const header =
      out.length < 126
        ? Buffer.from([0x81, out.length])
        : Buffer.from([0x81, 126, out.length >> 8, out.length & 255]);
    socket.write(Buffer.concat([header, out]));
  });
  socket.on('error', () => undefined);
}
