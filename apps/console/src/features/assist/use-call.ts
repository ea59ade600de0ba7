import { CALL_RESUME_MS, visitorPeerId } from '@atrium/protocol/assist';
import type { MediaConnection, default as Peer } from 'peerjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadPeer } from './load-peer.ts';
import type { useAssistSession } from './use-assist-session.ts';

export type CallState = 'idle' | 'calling' | 'active' | 'reconnecting' | 'ended' | 'failed';
/** Why the last call ended, as the agent is told: each its own text. */
export type CallEnd = 'ended' | 'declined' | 'noAnswer' | 'learnerEnded' | 'lost';

/** The learner's call prompt declines by itself after 30 s (spec 1 §9); the agent stops waiting then too. */
export const CALL_ANSWER_TIMEOUT_MS = 30_000;
/** A learner's call_end this close to the time-out is the prompt timing out, not a "no". */
const TIMEOUT_MARGIN_MS = 1_500;
/** A cut call is dialled again this soon after the learner's tab is back, then every few seconds. */
const REDIAL_FIRST_MS = 600;
const REDIAL_EVERY_MS = 3_000;

/**
 * The agent's call (spec 2 §4 Calling, §7 peer calls): camera and microphone, a PeerJS call to the learner's
 * tab, mute and video toggles (the learner hears of video changes through `videofeed`), and end. A call cut
 * by the learner's reload is dialled again for CALL_RESUME_MS; the plugin takes it without a new prompt.
 */
export function useCall(
  session: ReturnType<typeof useAssistSession>,
  ids: { projectKey: string; sessionId: string },
) {
  const [state, setState] = useState<CallState>('idle');
  const [endedAs, setEndedAs] = useState<CallEnd>('ended');
  const [error, setError] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [videoOn, setVideoOn] = useState(true);
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const peer = useRef<Peer | null>(null);
  const call = useRef<MediaConnection | null>(null);
  const stateRef = useRef<CallState>('idle');
  stateRef.current = state;
  /** Which dial is current: events of an earlier attempt are ignored. */
  const attempt = useRef(0);
  const target = useRef<{ tabId: string; stream: MediaStream } | null>(null);
  const dialledAt = useRef(0);
  const answered = useRef(false);
  const resumeUntil = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sessionRef = useRef(session);
  sessionRef.current = session;

  const clearTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const hangUp = useCallback(
    (next: CallState, why: CallEnd = 'ended') => {
      clearTimer();
      attempt.current += 1;
      call.current?.close();
      call.current = null;
      peer.current?.destroy();
      peer.current = null;
      target.current = null;
      answered.current = false;
      setLocal((s) => {
        for (const t of s?.getTracks() ?? []) t.stop();
        return null;
      });
      setRemote(null);
      setEndedAs(why);
      setState(next);
    },
    [clearTimer],
  );

  /** The call dropped without anyone ending it (the learner's page reloaded, the network cut it). */
  const cut = useRef<() => void>(() => undefined);

  const dial = useCallback(() => {
    const p = peer.current;
    const to = target.current;
    const welcome = sessionRef.current.welcome;
    if (!p || p.destroyed || !to || !welcome) return;
    attempt.current += 1;
    const mine = attempt.current;
    const old = call.current;
    call.current = null;
    old?.close();
    const c = p.call(visitorPeerId(ids.projectKey, ids.sessionId, to.tabId), to.stream, {
      metadata: { agentId: welcome.agentId },
    });
    call.current = c;
    c.on('stream', (s) => {
      if (mine !== attempt.current) return;
      clearTimer();
      answered.current = true;
      setRemote(s);
      setState('active');
    });
    c.on('close', () => {
      if (mine === attempt.current) cut.current();
    });
    c.peerConnection?.addEventListener('iceconnectionstatechange', () => {
      if (mine === attempt.current && c.peerConnection?.iceConnectionState === 'failed') cut.current();
    });
  }, [ids.projectKey, ids.sessionId, clearTimer]);

  /** Dials again until the learner's tab answers or CALL_RESUME_MS are over. */
  const redialLater = useCallback(
    (ms: number) => {
      clearTimer();
      timer.current = setTimeout(() => {
        timer.current = null;
        if (stateRef.current !== 'reconnecting') return;
        if (Date.now() > resumeUntil.current) {
          sessionRef.current.send('call_end');
          hangUp('ended', 'lost');
          return;
        }
        const tabId = target.current?.tabId;
        if (tabId && sessionRef.current.tabOrder.includes(tabId)) dial();
        redialLater(REDIAL_EVERY_MS);
      }, ms);
    },
    [clearTimer, dial, hangUp],
  );

  cut.current = () => {
    // Not answered yet: the learner's answer (or the time-out) ends it.
    if (!answered.current || !target.current) return;
    if (stateRef.current !== 'reconnecting') {
      resumeUntil.current = Date.now() + CALL_RESUME_MS;
      stateRef.current = 'reconnecting';
      setState('reconnecting');
      setRemote(null);
    }
    redialLater(REDIAL_FIRST_MS);
  };

  const start = useCallback(async () => {
    const { config, welcome, tabId } = sessionRef.current;
    if (!config || !welcome || !tabId) return;
    setError(null);
    setState('calling');
    // Fetched beside the camera's permission: the call waits for neither in turn.
    const peerLoaded = loadPeer();
    peerLoaded.catch(() => undefined);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
    } catch {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      } catch {
        setError('media');
        setState('failed');
        return;
      }
    }
    let PeerClass: typeof Peer;
    try {
      PeerClass = await peerLoaded;
    } catch {
      for (const track of stream.getTracks()) track.stop();
      setError('network');
      setState('failed');
      return;
    }
    setLocal(stream);
    setMuted(false);
    setVideoOn(stream.getVideoTracks().length > 0);
    target.current = { tabId, stream };
    answered.current = false;
    const secure = location.protocol === 'https:';
    const p = new PeerClass(welcome.peerId, {
      host: location.hostname,
      port: Number(location.port) || (secure ? 443 : 80),
      secure,
      path: config.peer.path,
      key: config.peer.key,
      // The relay's credential for this agent's id: the peer server lets no one else take it (ADR 0042).
      ...(config.peer.token ? { token: config.peer.token } : {}),
      config: { iceServers: config.iceServers },
    });
    peer.current = p;
    p.on('error', (e: { type?: string }) => {
      // While dialling a reloading tab again, its peer is not there yet: the next attempt follows.
      if (stateRef.current === 'reconnecting') return;
      // The type, not PeerJS's English message: the panel says it in the console's language.
      setError(e.type ?? 'webrtc');
      // The learner's prompt or call window would wait for a call that is gone: it ends there too.
      sessionRef.current.send('call_end');
      hangUp('failed');
    });
    p.on('open', () => {
      dialledAt.current = Date.now();
      dial();
      // The learner's prompt declines by itself; should its answer be lost, the agent stops waiting too.
      timer.current = setTimeout(() => {
        if (stateRef.current !== 'calling') return;
        sessionRef.current.send('call_end');
        hangUp('ended', 'noAnswer');
      }, CALL_ANSWER_TIMEOUT_MS + TIMEOUT_MARGIN_MS);
    });
  }, [dial, hangUp]);

  const end = useCallback(() => {
    session.send('call_end');
    hangUp('ended');
  }, [session, hangUp]);

  const toggleMute = useCallback(() => {
    setMuted((m) => {
      for (const t of local?.getAudioTracks() ?? []) t.enabled = m;
      return !m;
    });
  }, [local]);

  const toggleVideo = useCallback(() => {
    setVideoOn((on) => {
      for (const t of local?.getVideoTracks() ?? []) t.enabled = !on;
      if (local) session.send('videofeed', { streamId: local.id, enabled: !on });
      return !on;
    });
  }, [local, session]);

  // The learner declined, let the prompt time out, or hung up: each is told apart.
  useEffect(() => {
    if (session.callEndedByLearner === 0 || !call.current) return;
    const now = stateRef.current;
    if (now === 'calling')
      hangUp(
        'ended',
        Date.now() - dialledAt.current >= CALL_ANSWER_TIMEOUT_MS - TIMEOUT_MARGIN_MS
          ? 'noAnswer'
          : 'declined',
      );
    else hangUp('ended', 'learnerEnded');
  }, [session.callEndedByLearner, hangUp]);

  // The called tab joined again: its page reloaded (or its socket reconnected) and took the call with it.
  useEffect(() => {
    const j = session.tabJoined;
    if (!j || j.tabId !== target.current?.tabId) return;
    if (stateRef.current === 'active' || stateRef.current === 'reconnecting') cut.current();
  }, [session.tabJoined]);

  useEffect(() => () => hangUp('idle'), [hangUp]);

  return { state, endedAs, error, muted, videoOn, local, remote, start, end, toggleMute, toggleVideo };
}
