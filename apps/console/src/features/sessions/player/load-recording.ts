import { ApiError } from '@atrium/web/api/api-error.ts';
import { takeEarlyGet } from '@atrium/web/api/early-get.ts';
import { decodeBatchLine } from './decode-batch.ts';
import { RecordingBuilder, type TabRecording } from './recording.ts';
import { messagesPath, requestMessages } from './request-messages.ts';

/**
 * Reads a session's message stream (NDJSON, one batch per line) as it arrives, so a long session shows its
 * loading progress and never sits in memory as one text; `onProgress` gets the bytes read so far.
 */
export async function loadRecording(
  sessionId: string,
  onProgress: (bytes: number) => void,
  signal: AbortSignal,
): Promise<TabRecording[]> {
  // The request made as the console opened on this page, if any (app/request-page-data-early.ts); a refused
  // or failed one is asked again, so an error shown is this request's own.
  const response =
    (await takeEarlyGet(messagesPath(sessionId), signal)) ?? (await requestMessages(sessionId, signal));
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(response.status, body.code ?? 'http_error', body.message ?? '');
  }
  const builder = new RecordingBuilder();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let rest = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    rest += value;
    let end = rest.indexOf('\n');
    while (end >= 0) {
      const batch = decodeBatchLine(rest.slice(0, end));
      if (batch) builder.add(batch);
      rest = rest.slice(end + 1);
      end = rest.indexOf('\n');
    }
    onProgress(bytes);
  }
  const last = rest.trim() ? decodeBatchLine(rest) : null;
  if (last) builder.add(last);
  return builder.finish();
}
