import { expandMessage } from '@atrium/protocol/tracker/compact-mutation';

/** One line of the session's message stream: a stored batch of one tab, in order. */
export interface BatchLine {
  tabId: string;
  pageNo: number;
  seq: number;
  messages: unknown[][];
  /** The batch is recorded but its stored bytes cannot be read: the player says so instead of skipping it. */
  unreadable?: true;
}

// The server writes each line's head itself, before the stored bytes, so it survives a damaged batch.
const HEAD = /^\{"tabId":("(?:[^"\\]|\\.)*"),"pageNo":(\d+),"seq":(\d+)[,}]/;

/** A line whose batch cannot be read, still placed in its tab by the head, or null when not even that is there. */
function unreadableLine(line: string): BatchLine | null {
  const head = HEAD.exec(line);
  if (!head) return null;
  try {
    const tabId = JSON.parse(head[1] as string) as string;
    return { tabId, pageNo: Number(head[2]), seq: Number(head[3]), messages: [], unreadable: true };
  } catch {
    return null;
  }
}

/**
 * The one place recorded messages are decoded for the player: each line is JSON with the messages as
 * positional arrays, rrweb's DOM mutations in packages/protocol's compact form. A batch the server could not
 * read (`unreadable`) or whose bytes are not valid JSON comes back marked `unreadable` (ADR 0045).
 */
export function decodeBatchLine(line: string): BatchLine | null {
  try {
    const value = JSON.parse(line) as Partial<BatchLine>;
    if (typeof value.tabId !== 'string') return null;
    if (value.unreadable === true || !Array.isArray(value.messages)) return unreadableLine(line);
    return {
      tabId: value.tabId,
      pageNo: Number(value.pageNo) || 0,
      seq: Number(value.seq) || 0,
      // Compact mutation events (the tracker's wire form, ADR 0021) back to rrweb's form for the replayer.
      messages: value.messages.filter(Array.isArray).map(expandMessage),
    };
  } catch {
    return unreadableLine(line);
  }
}
