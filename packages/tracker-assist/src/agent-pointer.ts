import { AGENT_NAME_MAX, CONFIRM_Z_INDEX, DEFAULT_AGENT_NAME } from '@atrium/protocol/assist';
import { applyAgentInput, isEditable } from './agent-input.ts';
import { ownOverlay } from './own-overlay.ts';

export const cutName = (name: string | null | undefined, max: number, fallback = DEFAULT_AGENT_NAME) => {
  const n = (name ?? '').trim() || fallback;
  return n.length > max ? `${n.slice(0, max)}…` : n;
};

/**
 * The agent's fake pointer (spec 2 §2 overlay 3) and what the granted agent's pointer and keyboard do on
 * the learner's page: move, click, scroll, focus, and input into the focused field only.
 */
export class AgentPointer {
  private readonly el: HTMLDivElement;
  private x = 0;
  private y = 0;

  constructor(
    private readonly win: Window,
    agentName: string | null,
  ) {
    const doc = win.document;
    const el = doc.createElement('div');
    el.dataset.assist = 'pointer';
    ownOverlay(el);
    el.style.cssText = `position:fixed;left:0;top:0;z-index:${CONFIRM_Z_INDEX - 1};pointer-events:none;transition:transform .05s linear;font:12px system-ui,sans-serif`;
    const dot = doc.createElement('div');
    dot.style.cssText =
      'width:14px;height:14px;border-radius:50%;background:rgba(255,255,255,.6);border:3px solid #c5221f;box-sizing:border-box';
    const label = doc.createElement('div');
    label.dataset.assist = 'pointer-name';
    label.textContent = cutName(agentName, AGENT_NAME_MAX.pointer);
    label.style.cssText =
      'margin:2px 0 0 10px;padding:1px 6px;border-radius:4px;background:#c5221f;color:#fff;white-space:nowrap';
    el.append(dot, label);
    doc.body.append(el);
    this.el = el;
  }

  move([x, y]: [number, number]): void {
    this.x = x;
    this.y = y;
    this.el.style.transform = `translate(${x - 7}px, ${y - 7}px)`;
  }

  private target(): Element | null {
    // The pointer itself has pointer-events:none, so it is never the hit target.
    return this.win.document.elementFromPoint?.(this.x, this.y) ?? null;
  }

  click([x, y]: [number, number]): void {
    this.move([x, y]);
    const el = this.target();
    // The learner's own controls (prompts, call window, notice bar) answer only the learner's hand.
    if (!el || el.closest('[data-assist]')) return;
    const init = { bubbles: true, cancelable: true, clientX: x, clientY: y, view: this.win };
    const MouseEv = (this.win as Window & typeof globalThis).MouseEvent;
    el.dispatchEvent(new MouseEv('mousedown', init));
    if (isEditable(el)) (el as HTMLElement).focus();
    el.dispatchEvent(new MouseEv('mouseup', init));
    if (el instanceof (this.win as Window & typeof globalThis).HTMLElement) el.click();
    else el.dispatchEvent(new MouseEv('click', init));
  }

  scroll([dx, dy]: [number, number]): void {
    let el: Element | null = this.target();
    while (el && el !== this.win.document.documentElement) {
      const canY = dy !== 0 && el.scrollHeight > el.clientHeight;
      const canX = dx !== 0 && el.scrollWidth > el.clientWidth;
      if (canX || canY) {
        el.scrollBy(dx, dy);
        return;
      }
      el = el.parentElement;
    }
    this.win.scrollBy(dx, dy);
  }

  /** Spec 2 §5: input only into an element that has focus. */
  input(value: string): boolean {
    return applyAgentInput(this.win, value);
  }

  remove(): void {
    this.el.remove();
  }
}
