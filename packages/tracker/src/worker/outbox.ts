import { batchUrl } from '@atrium/protocol/tracker/paths';
import { readStorage, StorageKeys, writeStorage } from '../lib/storage.ts';
import type { UnsentBatch } from './worker-messages.ts';

export const FLUSH_INTERVAL_MS = 10_000;
// Chromium allows 64 KiB of keepalive bodies in flight per document; leave room for the worker's own.
const KEEPALIVE_BUDGET = 60_000;

export interface OutboxEnv {
  tabId: string;
  pageNo: number;
  /**
   * Random per page: two pages that believe they are the same tab and page (a copied sessionStorage, not
   * detected in time) still never share a batch id, so the server drops neither.
   */
  pageKey: string;
  beaconSizeLimit: number;
  /** Hands a finished batch to the upload worker. */
  post(batch: UnsentBatch): void;
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/**
 * The page's side of delivery. Batch boundaries and ids are decided here, on the main thread, so every copy
 * of a batch — the worker's upload, the leaving page's keepalive request, the next page's resend from session
 * storage — carries the same batchId and the server stores its events once. Batches stay here until the worker
 * reports them accepted (or given up), so a page that goes away before the worker could send still has them.
 */
export class Outbox {
  private current: string[] = [];
  private size = 2;
  private seq = 0;
  private timer: number | null = null;
  private unacked: UnsentBatch[] = [];
  private saved = false;

  constructor(private readonly env: OutboxEnv) {}

  /** One commit's messages (JSON texts); cuts at beaconSizeLimit, and 10 s after a batch's first message. */
  add(messages: string[]): void {
    for (const msg of messages) {
      const size = msg.length + 1;
      if (this.size + size > this.env.beaconSizeLimit && this.current.length > 0) this.cut();
      this.current.push(msg);
      this.size += size;
    }
    if (this.size >= this.env.beaconSizeLimit) this.cut();
    if (this.current.length > 0 && this.timer === null)
      this.timer = this.env.setTimeout(() => {
        this.timer = null;
        this.cut();
      }, FLUSH_INTERVAL_MS);
  }

  /** Ends the current batch and hands it to the worker. */
  cut(): void {
    if (this.timer !== null) this.env.clearTimeout(this.timer);
    this.timer = null;
    if (this.current.length === 0) return;
    const { tabId, pageNo, pageKey } = this.env;
    const batch = {
      batchId: `${tabId}-${pageNo}-${pageKey}-${this.seq}`,
      pageNo,
      seq: this.seq,
      messages: this.current,
    };
    this.seq += 1;
    this.current = [];
    this.size = 2;
    this.unacked.push(batch);
    this.env.post(batch);
  }

  /** Batches an earlier page of the tab left behind: kept here too until the worker confirms them. */
  adopt(batches: UnsentBatch[]): void {
    this.unacked.unshift(...batches);
  }

  pending(): UnsentBatch[] {
    return this.unacked;
  }

  /** The worker is done with a batch (accepted, or given up and noted): forget it. */
  ack(batchId: string): void {
    const i = this.unacked.findIndex((b) => batchId === b.batchId || batchId.startsWith(`${b.batchId}.`));
    const b = this.unacked[i];
    if (!b) return;
    const rest =
      batchId === b.batchId ? [] : afterSplitPart(b, batchId.slice(b.batchId.length + 1).split('.'));
    this.unacked.splice(i, 1, ...rest);
    if (this.saved) this.save();
  }

  /** Copies what is not confirmed yet to session storage, where the next page of the tab finds it. */
  save(): void {
    this.saved = this.unacked.length > 0;
    if (!this.saved) {
      writeStorage('session', StorageKeys.unsent, null);
      return;
    }
    // Over the storage quota: keep as many of the oldest as fit (they hold the full snapshot).
    for (let n = this.unacked.length; n > 0; n = Math.floor(n / 2)) {
      if (writeStorage('session', StorageKeys.unsent, JSON.stringify(this.unacked.slice(0, n)))) return;
    }
  }

  /**
   * The page is being left: send what is unconfirmed ourselves with keepalive (uncompressed: there is no time
   * to gzip), in order, as long as the keepalive budget lasts. The rest waits in session storage.
   */
  sendOnLeave(fetchFn: typeof fetch, ingestPoint: string, token: string): void {
    let budget = KEEPALIVE_BUDGET;
    const encoder = new TextEncoder();
    for (const b of this.unacked) {
      const head = JSON.stringify({
        batchId: b.batchId,
        tabId: this.env.tabId,
        pageNo: b.pageNo,
        seq: b.seq,
      });
      const body = encoder.encode(`${head.slice(0, -1)},"messages":[${b.messages.join(',')}]}`);
      if (body.byteLength > budget) break;
      budget -= body.byteLength;
      try {
        void fetchFn(`${batchUrl(ingestPoint, b.batchId)}&end`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body,
          keepalive: true,
        }).catch(() => undefined);
      } catch {
        break; // the browser refused (quota): session storage has it
      }
    }
  }

  /** Stop: the worker delivers what it holds on the side; nothing here outlives the session. */
  clear(): void {
    if (this.timer !== null) this.env.clearTimeout(this.timer);
    this.timer = null;
    this.current = [];
    this.unacked = [];
  }
}

/**
 * A batch the server found too large is split by the worker into halves `<id>.1` / `<id>.2` (recursively,
 * sent depth-first). Once part `path` is accepted, what is left are the right halves not sent yet, deepest
 * first — under the ids the worker gives them, so a resend of them never stores their events twice.
 */
function afterSplitPart(b: UnsentBatch, path: string[]): UnsentBatch[] {
  const rest: UnsentBatch[] = [];
  let messages = b.messages;
  let id = b.batchId;
  for (const step of path) {
    const half = Math.ceil(messages.length / 2);
    if (step === '1') {
      rest.unshift({ ...b, batchId: `${id}.2`, messages: messages.slice(half) });
      messages = messages.slice(0, half);
    } else messages = messages.slice(half);
    id = `${id}.${step}`;
  }
  return rest;
}

/** What an earlier page of this tab left in session storage (cleared once read). */
export function takeStoredUnsent(): UnsentBatch[] {
  const raw = readStorage('session', StorageKeys.unsent);
  writeStorage('session', StorageKeys.unsent, null);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as UnsentBatch[]) : [];
  } catch {
    return [];
  }
}
