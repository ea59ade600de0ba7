/** One line of the session's message stream: a stored batch of one tab, in order. */
export interface BatchLine {
  tabId: string;
  pageNo: number;
  seq: number;
  messages: unknown[][];
}

/**
 * The one place recorded messages are decoded for the player. Today each line is JSON with the messages
 * as positional arrays; when the tracker's wire encoding changes, this calls packages/protocol's decoder.
 */
export function decodeBatchLine(line: string): BatchLine | null {
  try {
    const value = JSON.parse(line) as Partial<BatchLine>;
    if (typeof value.tabId !== 'string' || !Array.isArray(value.messages)) return null;
    return {
      tabId: value.tabId,
      pageNo: Number(value.pageNo) || 0,
      seq: Number(value.seq) || 0,
      messages: value.messages.filter(Array.isArray),
    };
  } catch {
    return null;
  }
}
