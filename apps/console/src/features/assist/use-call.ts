import { PEER_ERROR_MESSAGES, visitorPeerId } from '@atrium/protocol/assist';
import Peer, { type MediaConnection } from 'peerjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { useAssistSession } from './use-assist-session.ts';

export type CallState = 'idle' | 'calling' | 'active' | 'ended' | 'failed';

/**
 * The agent's call (spec 2 §4 Calling, §7 peer calls): camera and microphone, a PeerJS call to the learner's
 * tab, mute and video toggles (the learner hears of video changes through `videofeed`), and end.
 */
export function useCall(
  session: ReturnType<typeof useAssistSession>,
  ids: { projectKey: string; sessionId: string },
) {
  const [state, setState] = useState<CallState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [videoOn, setVideoOn] = useState(true);
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const peer = useRef<Peer | null>(null);
  const call = useRef<MediaConnection | null>(null);

  const hangUp = useCallback((next: CallState) => {
    call.current?.close();
    call.current = null;
    peer.current?.destroy();
    peer.current = null;
    setLocal((s) => {
      for (const t of s?.getTracks() ?? []) t.stop();
      return null;
    });
    setRemote(null);
    setState(next);
  }, []);

  const start = useCallback(async () => {
    const { config, welcome, tabId } = session;
    if (!config || !welcome || !tabId) return;
    setError(null);
    setState('calling');
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
    setLocal(stream);
    setMuted(false);
    setVideoOn(stream.getVideoTracks().length > 0);
    const secure = location.protocol === 'https:';
    const p = new Peer(welcome.peerId, {
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
      setError(PEER_ERROR_MESSAGES[e.type as keyof typeof PEER_ERROR_MESSAGES] ?? e.type ?? 'webrtc');
      hangUp('failed');
    });
    p.on('open', () => {
      const c = p.call(visitorPeerId(ids.projectKey, ids.sessionId, tabId), stream, {
        metadata: { agentId: welcome.agentId },
      });
      call.current = c;
      c.on('stream', (s) => {
        setRemote(s);
        setState('active');
      });
      c.on('close', () => hangUp('ended'));
    });
  }, [session, ids.projectKey, ids.sessionId, hangUp]);

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

  // The learner ended or rejected the call.
  useEffect(() => {
    if (session.callEndedByLearner > 0 && call.current) hangUp('ended');
  }, [session.callEndedByLearner, hangUp]);
  useEffect(() => () => hangUp('idle'), [hangUp]);

  return { state, error, muted, videoOn, local, remote, start, end, toggleMute, toggleVideo };
}
