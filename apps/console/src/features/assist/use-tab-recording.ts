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
  | 'failed';

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
  useEffect(() => () => release(), [release]);
  useEffect(() => {
    if (n === 0 || stateRef.current !== 'requested') return;
    if (answer === 'accepted') return capture();
    release();
    if (answer === 'rejected') setState('rejected');
    else if (answer === 'busy') setState('busy');
  }, [answer, n, capture, release]);

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
    session.send('request_recording', '{}');
  }, [session, release]);

  const stop = useCallback(() => {
    session.send('stop_recording');
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
    else {
      release();
      setState('off');
    }
  }, [session, release]);

  return { state, request, stop };
}
