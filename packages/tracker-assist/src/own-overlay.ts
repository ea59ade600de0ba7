import { ASSIST_OVERLAY_CLASS } from '@atrium/protocol/assist';

/**
 * Marks one of the plugin's own overlays: the tracker's hide attribute keeps its inside (the agent's name,
 * the videos' frames) out of every recording and the live stream, and the class lets the agent's mirror
 * leave out even the blank box the recorder keeps in its place.
 */
export function ownOverlay<T extends HTMLElement>(el: T): T {
  el.setAttribute('data-openreplay-hidden', '');
  el.classList.add(ASSIST_OVERLAY_CLASS);
  return el;
}
