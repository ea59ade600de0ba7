import { assistRoomId, canvasPeerId } from '@atrium/protocol/assist';
import type Peer from 'peerjs';
import { type RefObject, useEffect } from 'react';
import type { LivePlayerHandle } from './live-player.tsx';
import { loadPeer } from './load-peer.ts';
import type { useAssistSession } from './use-assist-session.ts';

/**
 * The learner's canvases, live: the recorder sends no canvas pixels, so the plugin calls this agent's canvas
 * peer once per canvas (30 fps, `metadata.canvas` = its index among the page's canvases). Each answered
 * stream is painted into the mirror's canvas of that index on every animation frame.
 */
export function useCanvasStreams(
  session: ReturnType<typeof useAssistSession>,
  player: RefObject<LivePlayerHandle | null>,
  ids: { projectKey: string; sessionId: string },
) {
  const { config, welcome } = session;
  useEffect(() => {
    if (!config || !welcome) return;
    const secure = location.protocol === 'https:';
    const options = {
      host: location.hostname,
      port: Number(location.port) || (secure ? 443 : 80),
      secure,
      path: config.peer.path,
      key: config.peer.key,
      // This agent's credential also opens its canvas peer (ADR 0042).
      ...(config.peer.token ? { token: config.peer.token } : {}),
      config: { iceServers: config.iceServers },
    };
    let left = false;
    let stopStreams: (() => void) | undefined;
    // PeerJS loads on first use (load-peer.ts); not loaded, the canvases stay blank as when a stream fails.
    loadPeer().then(
      (PeerClass) => {
        if (left) return;
        const peer = new PeerClass(canvasPeerId(welcome.peerId), options);
        // Only peers of this session (the learner's tabs) stream here: the peer server vouches for `call.peer`.
        stopStreams = answerCanvasCalls(peer, `${assistRoomId(ids.projectKey, ids.sessionId)}-`, player);
      },
      () => undefined,
    );
    return () => {
      left = true;
      stopStreams?.();
    };
  }, [config, welcome, player, ids.projectKey, ids.sessionId]);
}

/**
 * Answers the canvas calls on `peer` from peers named `roomPrefix…` and paints each into the mirror's canvas
 * of its index; returns what stops them all and destroys the peer.
 */
function answerCanvasCalls(
  peer: Peer,
  roomPrefix: string,
  player: RefObject<LivePlayerHandle | null>,
): () => void {
  const stops = new Set<() => void>();
  peer.on('call', (call) => {
    const index = (call.metadata as { canvas?: unknown } | undefined)?.canvas;
    if (
      !call.peer.startsWith(roomPrefix) ||
      typeof index !== 'number' ||
      !Number.isInteger(index) ||
      index < 0
    ) {
      call.close();
      return;
    }
    call.answer(); // receive only
    call.on('stream', (stream) => {
      const video = document.createElement('video');
      video.muted = true;
      video.srcObject = stream;
      void video.play().catch(() => undefined);
      let frame = 0;
      const paint = () => {
        const target = player.current?.canvases()[index];
        if (target && video.videoWidth > 0)
          target.getContext('2d')?.drawImage(video, 0, 0, target.width, target.height);
        frame = requestAnimationFrame(paint);
      };
      frame = requestAnimationFrame(paint);
      const stop = () => {
        cancelAnimationFrame(frame);
        video.srcObject = null;
        stops.delete(stop);
      };
      stops.add(stop);
      call.on('close', stop);
    });
  });
  // A failed canvas stream only leaves the mirror's canvas blank; the plugin tries again every 5 s.
  peer.on('error', () => undefined);
  return () => {
    for (const stop of [...stops]) stop();
    peer.destroy();
  };
}
