import { expandMessage } from '@atrium/protocol/tracker/compact-mutation';

/** One line of the session's message stream: a stored batch of one tab, in order. */
export interface BatchLine {
  tabId: string;
  pageNo: number;
  seq: number;
  messages: unknown[][];
}

/**
 * The one place recorded messages are decoded for the player: each line is JSON with the messages as
 * positional arrays, rrweb's DOM mutations in packages/protocol's compact form.
 */
export function decodeBatchLine(line: string): BatchLine | null {
  try {
    const value = JSON.parse(line) as Partial<BatchLine>;
    if (typeof value.tabId !== 'string' || !Array.isArray(value.messages)) return null;
    return {
      tabId: value.tabId,
      pageNo: Number(value.pageNo) || 0,
      seq: Number(value.seq) || 0,
      // Compact mutation events (the tracker's wire form, ADR 0021) back to rrweb's form for the replayer.
      messages: value.messages.filter(Array.isArray).map(expandMessage),
    };
  } catch {
    return null;
  }
}
