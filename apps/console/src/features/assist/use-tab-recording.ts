import { readSessionToken } from '@atrium/web/api/session-token.ts';
import { ensureXsrfToken, XSRF_HEADER } from '@atrium/web/api/xsrf.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { useAssistSession } from './use-assist-session.ts';

export type RecordingState =
  | 'off'
  | 'requested'
  | 'recording'
  | 'uploading'
  | 'saved'
  | 'rejected'
  | 'busy'
  | 'cancelled'
  | 'timeout'
  | 'failed';

/** An unanswered recording request is withdrawn after this long, as remote control's is (spec 2 §9: 30 s). */
export const RECORDING_ANSWER_TIMEOUT_MS = 30_000;

/**
 * Recording of the learner's tab (spec 2 §4 Recording) from the agent's side: ask, and once the learner
 * allows it capture the mirrored tab with the browser's screen capture, then upload the WebM to the
 * server, which keeps it with the session.
 */
export function useTabRecording(session: ReturnType<typeof useAssistSession>, sessionId: string) {
  const [state, setState] = useState<RecordingState>('off');
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const startedAt = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const waiting = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopWaiting = useCallback(() => {
    if (waiting.current) clearTimeout(waiting.current);
    waiting.current = null;
  }, []);

  const upload = useCallback(async () => {
    setState('uploading');
    const blob = new Blob(chunks.current, { type: 'video/webm' });
    chunks.current = [];
    const headers: Record<string, string> = {
      'content-type': 'video/webm',
      [XSRF_HEADER]: ensureXsrfToken(),
    };
    const token = readSessionToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(
      `/v1/console/assist/recordings/${sessionId}?duration_ms=${Math.round(performance.now() - startedAt.current)}`,
      { method: 'POST', headers, body: blob },
    ).catch(() => null);
    setState(res?.ok ? 'saved' : 'failed');
  }, [sessionId]);

  const stream = useRef<MediaStream | null>(null);
  const release = useCallback(() => {
    for (const t of stream.current?.getTracks() ?? []) t.stop();
    stream.current = null;
  }, []);

  const capture = useCallback(() => {
    const media = stream.current;
    if (!media) return;
    const r = new MediaRecorder(media, { mimeType: 'video/webm' });
    chunks.current = [];
    r.ondataavailable = (e) => {
      if (e.data.size) chunks.current.push(e.data);
    };
    r.onstop = () => {
      release();
      void upload();
    };
    // The browser's own "stop sharing" ends the recording too.
    media.getVideoTracks()[0]?.addEventListener('ended', () => r.state !== 'inactive' && r.stop());
    recorder.current = r;
    startedAt.current = performance.now();
    r.start(1000);
    setState('recording');
  }, [upload, release]);

  const { state: answer, n } = session.recordingAnswer;
  useEffect(
    () => () => {
      stopWaiting();
      release();
    },
    [release, stopWaiting],
  );
  useEffect(() => {
    if (n === 0 || stateRef.current !== 'requested') return;
    stopWaiting();
    if (answer === 'accepted') return capture();
    release();
    if (answer === 'rejected') setState('rejected');
    else if (answer === 'busy') setState('busy');
  }, [answer, n, capture, release, stopWaiting]);

  /** Takes back an unanswered request: the learner's prompt goes away (`stop_recording`). */
  const withdraw = useCallback(
    (next: 'cancelled' | 'timeout') => {
      if (stateRef.current !== 'requested') return;
      stopWaiting();
      session.send('stop_recording');
      release();
      stateRef.current = next;
      setState(next);
    },
    [session, release, stopWaiting],
  );

  // Screen capture needs the agent's click (user activation), so the capture is chosen when asking and
  // recorded only once the learner allows it; a refusal releases it unused.
  const request = useCallback(async () => {
    try {
      release();
      stream.current = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    } catch {
      setState('failed');
      return;
    }
    setState('requested');
    stateRef.current = 'requested';
    session.send('request_recording', '{}');
    stopWaiting();
    waiting.current = setTimeout(() => withdraw('timeout'), RECORDING_ANSWER_TIMEOUT_MS);
  }, [session, release, stopWaiting, withdraw]);

  const cancel = useCallback(() => withdraw('cancelled'), [withdraw]);

  const stop = useCallback(() => {
    session.send('stop_recording');
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
    else {
      release();
      setState('off');
    }
  }, [session, release]);

  return { state, request, stop, cancel };
}
