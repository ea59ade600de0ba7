import type { Marker, MarkerKind } from './recording.ts';

/** The timeline's lanes, top to bottom: each kind has its own, so an error and the request beside it stay apart. */
export const LANES: MarkerKind[] = ['page', 'click', 'signal', 'error', 'request', 'gap', 'note'];
/** A marker's width on the timeline: markers of one lane closer than this would cover each other. */
export const MARKER_PX = 8;

export interface MarkerGroup {
  kind: MarkerKind;
  /** Left edge on the timeline, % of its width: where the group's first marker is. */
  at: number;
  markers: Marker[];
}

/**
 * The markers as the timeline draws them: per lane, in time order, each marker that would overlap the group
 * before it (within one marker's width at `widthPx`) joins that group, so every marker stays reachable: a
 * group is one button that lists its markers.
 */
export function groupMarkers(
  markers: Marker[],
  startTime: number,
  duration: number,
  widthPx: number,
): MarkerGroup[] {
  const span = Math.max(1, duration);
  const near = (MARKER_PX / Math.max(1, widthPx)) * 100;
  const at = (time: number) => Math.min(100, Math.max(0, ((time - startTime) / span) * 100));
  const groups: MarkerGroup[] = [];
  for (const kind of LANES) {
    let open: MarkerGroup | null = null;
    for (const marker of markers.filter((x) => x.kind === kind).sort((a, b) => a.time - b.time)) {
      const left = at(marker.time);
      if (open && left - open.at < near) open.markers.push(marker);
      else {
        open = { kind, at: left, markers: [marker] };
        groups.push(open);
      }
    }
  }
  return groups;
}
