import {
  type KeyboardEvent,
  type PointerEvent,
  type UIEvent,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { indexAt, rowsInView } from './panel-window.ts';

/** Every row of a bounded panel is this tall (one line, the rest in its details), so only the rows in view are drawn. */
export const ROW_PX = 32;
/** The panel's box: about twelve rows; past that the list scrolls inside it, never the page. */
export const VIEW_PX = 12 * ROW_PX;
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/**
 * A panel's list in a box of its own that follows the playhead: the entry at the playhead (`current`) is
 * kept in view until the agent scrolls the list themselves (wheel, touch, keys, the scrollbar), after which
 * it stays put until `follow()`. `view` says which rows to draw.
 */
export function useFollowedList(items: readonly { time: number }[], now: number) {
  const ref = useRef<HTMLElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [following, setFollowing] = useState(true);
  const current = indexAt(items, now);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !following) return;
    // A table's sticky header sits above its rows.
    const head = el.querySelector('thead')?.offsetHeight ?? 0;
    const max = Math.max(0, head + items.length * ROW_PX - el.clientHeight);
    const centred = head + current * ROW_PX - (el.clientHeight + head - ROW_PX) / 2;
    const target = Math.round(Math.min(max, Math.max(0, centred)));
    if (Math.abs(el.scrollTop - target) >= 1) el.scrollTop = target;
    setScrollTop(target);
  }, [current, following, items.length]);

  const stop = () => setFollowing(false);
  const scrollerProps = {
    ref,
    // Focusable, so the list scrolls from the keyboard too (the player's shortcuts leave it alone).
    tabIndex: 0,
    'data-own-keys': true,
    className: 'border rounded',
    style: { maxHeight: VIEW_PX, overflowY: 'auto' as const },
    onScroll: (event: UIEvent<HTMLElement>) => setScrollTop(event.currentTarget.scrollTop),
    onWheel: stop,
    onTouchMove: stop,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.target === event.currentTarget && SCROLL_KEYS.has(event.key)) stop();
    },
    // On the box itself rather than a row: its scrollbar.
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.target === event.currentTarget) stop();
    },
  };
  return {
    scrollerProps,
    view: rowsInView(items.length, ROW_PX, VIEW_PX, scrollTop),
    current,
    following,
    follow: () => setFollowing(true),
  };
}
