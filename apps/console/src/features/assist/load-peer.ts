import type Peer from 'peerjs';

/**
 * PeerJS, fetched when a call or the canvas streams first need it: ~100 KB that sets up its WebRTC shims as it
 * loads, which no other console page needs, so a replay's first open no longer parses and runs it (ADR 0028).
 */
export const loadPeer = (): Promise<typeof Peer> => import('peerjs').then((m) => m.default);
