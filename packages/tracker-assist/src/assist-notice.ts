import { CONFIRM_Z_INDEX } from '@atrium/protocol/assist';
import type { NoticeTexts } from './options.ts';
import { ownOverlay } from './own-overlay.ts';

/** What the learner is told: who watches, who controls (null: nobody), whether sharing is paused. */
export interface NoticeState {
  watching: string[];
  controller: string | null;
  paused: boolean;
}

export interface NoticeActions {
  endControl(): void;
  pause(): void;
  resume(): void;
}

const BUTTON =
  'margin:0 0 0 8px;padding:4px 10px;border:1px solid #fff;border-radius:4px;cursor:pointer;font:inherit;';

/**
 * The learner's "being watched" bar (ADR 0073): a compact strip at the bottom-left edge, shown whenever at
 * least one agent watches, naming each agent and the one in control, with one click (or Escape) to end
 * control and a button to pause sharing. One of the plugin’s own overlays: never recorded, never mirrored;
 * under the call window where they meet on a phone (its control row ends control too).
 */
export class AssistNotice {
  private root: HTMLDivElement | null = null;
  private state: NoticeState = { watching: [], controller: null, paused: false };
  private readonly onKey = (e: KeyboardEvent) => {
    // Only the learner's own key (an agent's or a script's synthetic Escape is not the learner's word), and
    // only while someone controls: the page keeps Escape for itself the rest of the time.
    if (e.key !== 'Escape' || !e.isTrusted || !this.state.controller) return;
    this.actions.endControl();
  };

  constructor(
    private readonly win: Window,
    private readonly texts: NoticeTexts,
    private readonly actions: NoticeActions,
  ) {
    // Capture: a page handler that stops Escape's propagation must not keep control from ending.
    win.addEventListener('keydown', this.onKey, true);
  }

  show(state: NoticeState): void {
    this.state = state;
    if (state.watching.length === 0) {
      this.root?.remove();
      this.root = null;
      return;
    }
    this.render();
  }

  private render(): void {
    const doc = this.win.document;
    const t = this.texts;
    const { watching, controller, paused } = this.state;
    const root = this.root ?? ownOverlay(doc.createElement('div'));
    if (!this.root) {
      root.dataset.assist = 'notice';
      root.setAttribute('role', 'region');
      root.setAttribute('aria-label', t.label);
      root.style.cssText = `position:fixed;left:8px;bottom:8px;z-index:${CONFIRM_Z_INDEX - 2};max-width:calc(100vw - 16px);box-sizing:border-box;padding:6px 10px;border-radius:8px;background:#202124;color:#fff;font:13px/1.6 system-ui,sans-serif;box-shadow:0 2px 10px rgba(0,0,0,.3);display:flex;flex-wrap:wrap;align-items:center;gap:4px`;
      doc.body.append(root);
      this.root = root;
    }
    // A keyboard user stays on the button they pressed though the bar is drawn again.
    const active = doc.activeElement;
    const focused = active && root.contains(active) ? (active as HTMLElement).dataset.assist : undefined;
    root.replaceChildren();
    const status = doc.createElement('div');
    status.setAttribute('role', 'status');
    status.style.cssText = 'flex:1 1 auto';
    const line = (text: string, hook: string) => {
      const p = doc.createElement('p');
      p.dataset.assist = hook;
      p.style.margin = '0';
      p.textContent = text;
      status.append(p);
    };
    const names = watching.join(t.separator);
    line(paused ? t.paused : t.watching.replace('{names}', names), 'notice-watching');
    if (controller) line(t.controlling.replace('{name}', controller), 'notice-control');
    root.append(status);
    if (controller) {
      const end = doc.createElement('button');
      end.type = 'button';
      end.dataset.assist = 'notice-end-control';
      end.textContent = t.endControl;
      end.style.cssText = `${BUTTON}background:#c5221f;color:#fff`;
      end.addEventListener('click', () => this.actions.endControl());
      const key = doc.createElement('span');
      key.textContent = t.endControlKey;
      root.append(end, key);
    }
    const toggle = doc.createElement('button');
    toggle.type = 'button';
    toggle.dataset.assist = 'notice-pause';
    toggle.textContent = paused ? t.resume : t.pause;
    toggle.style.cssText = `${BUTTON}background:#fff;color:#202124`;
    toggle.addEventListener('click', () => (paused ? this.actions.resume() : this.actions.pause()));
    root.append(toggle);
    if (focused) root.querySelector<HTMLElement>(`[data-assist="${focused}"]`)?.focus();
  }

  destroy(): void {
    this.win.removeEventListener('keydown', this.onKey, true);
    this.root?.remove();
    this.root = null;
  }
}
