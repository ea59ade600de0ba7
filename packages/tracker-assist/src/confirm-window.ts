import { CONFIRM_Z_INDEX } from '@atrium/protocol/assist';

export interface ConfirmHandle {
  /** true: accepted; false: declined, timed out or removed. */
  answer: Promise<boolean>;
  remove(): void;
}

const PHONE_ICON =
  '<svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" style="vertical-align:-2px;margin-right:6px"><path fill="currentColor" d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.46.57 3.6a1 1 0 0 1-.25 1z"/></svg>';

const button = (doc: Document, label: string, bg: string) => {
  const b = doc.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.style.cssText = `margin:0 6px;padding:8px 16px;border:0;border-radius:6px;cursor:pointer;font:inherit;color:#fff;background:${bg}`;
  return b;
};

/**
 * The confirm window of spec 2 §2: a text and two buttons above everything (z-index 2147483646). Built from
 * DOM calls, never innerHTML, so texts from the options cannot inject markup. `timeoutMs` declines by itself.
 */
export function openConfirm(
  doc: Document,
  t: { text: string; accept: string; decline: string },
  opts: { phoneIcon?: boolean; timeoutMs?: number; caller?: string } = {},
): ConfirmHandle {
  const root = doc.createElement('div');
  root.setAttribute('role', 'alertdialog');
  // Who asks comes first: with two agents watching, the text alone does not say which one calls.
  root.setAttribute('aria-label', opts.caller ? `${opts.caller} ${t.text}` : t.text);
  root.dataset.assist = 'confirm';
  root.style.cssText = `position:fixed;inset:0;z-index:${CONFIRM_Z_INDEX};display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.25);font:14px/1.5 system-ui,sans-serif`;
  const box = doc.createElement('div');
  box.style.cssText =
    'background:#fff;color:#222;border-radius:10px;padding:20px 24px;box-shadow:0 8px 30px rgba(0,0,0,.3);text-align:center;max-width:360px';
  const p = doc.createElement('p');
  p.textContent = t.text;
  p.style.margin = '0 0 16px';
  if (opts.caller) {
    const who = doc.createElement('p');
    who.dataset.assist = 'caller';
    who.textContent = opts.caller;
    who.style.cssText = 'margin:0 0 4px;font-weight:600';
    box.append(who);
  }
  const yes = button(doc, t.accept, '#188038');
  if (opts.phoneIcon) yes.insertAdjacentHTML('afterbegin', PHONE_ICON);
  const no = button(doc, t.decline, '#c5221f');
  box.append(p, yes, no);
  root.append(box);
  let settle: (v: boolean) => void = () => undefined;
  const answer = new Promise<boolean>((r) => {
    settle = r;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const remove = () => {
    if (timer) clearTimeout(timer);
    root.remove();
    settle(false);
  };
  yes.addEventListener('click', () => {
    settle(true);
    remove();
  });
  no.addEventListener('click', remove);
  // Escape declines, as closing a dialog does anywhere else.
  root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') remove();
  });
  if (opts.timeoutMs) timer = setTimeout(remove, opts.timeoutMs);
  doc.body.append(root);
  yes.focus();
  return { answer, remove };
}
