// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { InputMode, resolveOptions } from '../options.ts';
import { maskInputValue, maskText } from './masking.ts';

const opts = (extra: Record<string, unknown> = {}) => {
  const r = resolveOptions({ projectKey: 'k', ...extra }, 'https://x');
  if (!r.ok) throw new Error(r.error);
  return r.options;
};
const input = (html: string) => {
  document.body.innerHTML = html;
  return document.querySelector('input,textarea')!;
};

describe('input masking (spec §5)', () => {
  it('hides password fields', () => {
    expect(maskInputValue(input('<input type="password">'), 'hunter2', opts())).toEqual({
      value: '',
      masked: true,
    });
  });
  it('blanks inputs inside hidden elements and obscures inside obscured ones', () => {
    expect(maskInputValue(input('<div data-atrium-hide><input></div>'), 'abc', opts()).value).toBe('');
    expect(maskInputValue(input('<div data-atrium-obscure><input></div>'), 'ab c', opts()).value).toBe('***');
  });
  it('obscures four digits in a row, e-mails and "@" in the plain mode', () => {
    const el = input('<input>');
    // No spacing kept: word lengths and digit groups do not leak.
    expect(maskInputValue(el, 'call 0912345678', opts())).toEqual({ value: '*'.repeat(14), masked: true });
    expect(maskInputValue(el, '4111 1111 1111 1111', opts()).value).toBe('*'.repeat(16));
    expect(maskInputValue(el, 'a@b.tw', opts()).value).toBe('******');
    expect(maskInputValue(el, '@handle', opts()).value).toBe('*******');
    expect(maskInputValue(el, 'room 123', opts())).toEqual({ value: 'room 123', masked: false });
  });
  it('obscures dates only when configured', () => {
    const el = input('<input type="date">');
    expect(maskInputValue(el, '2026-01-02', opts({ obscureInputNumbers: false })).value).toBe('2026-01-02');
    expect(
      maskInputValue(el, '2026-01-02', opts({ obscureInputNumbers: false, obscureInputDates: true })).value,
    ).toBe('**********');
  });
  it('follows the default input mode and the per-input attribute', () => {
    expect(
      maskInputValue(input('<input>'), 'abc', opts({ defaultInputMode: InputMode.Obscured })).value,
    ).toBe('***');
    expect(maskInputValue(input('<input>'), 'abc', opts({ defaultInputMode: InputMode.Hidden })).value).toBe(
      '',
    );
    expect(
      maskInputValue(input('<input data-atrium-input="plain">'), 'abc', opts({ defaultInputMode: 2 })).value,
    ).toBe('abc');
  });
});

describe('text masking', () => {
  it('masks all text when asked, and obscured / hidden subtrees always', () => {
    document.body.innerHTML =
      '<p id="a">Hello you</p><p data-atrium-obscure id="b">Secret</p><p data-atrium-hide id="c">x</p>';
    const [a, b, c] = ['a', 'b', 'c'].map((id) => document.getElementById(id));
    expect(maskText(a!, 'Hello you', opts())).toBe('Hello you');
    expect(maskText(a!, 'Hello you', opts({ maskAllText: true }))).toBe('********');
    expect(maskText(b!, 'Secret', opts())).toBe('******');
    expect(maskText(c!, 'x', opts())).toBe('');
    expect(maskText(a!, 'mail me@x.tw', opts())).toBe('mail *******');
    expect(maskText(a!, 'call 0912345678', opts({ obscureTextNumbers: true }))).toBe('call **********');
    expect(maskText(a!, 'mail me@x.tw', opts({ obscureTextEmails: false }))).toBe('mail me@x.tw');
  });

  it("honours OpenReplay's data-openreplay-htmlmasked like a hidden subtree", () => {
    document.body.innerHTML = '<div data-openreplay-htmlmasked><p id="p">private</p><input id="i"></div>';
    expect(maskText(document.getElementById('p'), 'private', opts())).toBe('');
    expect(maskInputValue(document.getElementById('i')!, 'abc', opts()).value).toBe('');
  });

  it('asks the domSanitizer option per element: obscured, hidden, plain', () => {
    document.body.innerHTML = '<p class="o" id="o">Olivia</p><p class="h" id="h">Henry</p><p id="n">Nora</p>';
    const domSanitizer = (el: Element) =>
      el.classList.contains('o') ? 1 : el.classList.contains('h') ? 2 : 0;
    const o = opts({ domSanitizer });
    expect(maskText(document.getElementById('o'), 'Olivia', o)).toBe('******');
    expect(maskText(document.getElementById('h'), 'Henry', o)).toBe('');
    expect(maskText(document.getElementById('n'), 'Nora', o)).toBe('Nora');
    const thrower = opts({
      domSanitizer: () => {
        throw new Error('page bug');
      },
    });
    expect(maskText(document.getElementById('n'), 'Nora', thrower)).toBe('Nora');
  });
});

describe('e-mail fields', () => {
  it('are obscured whatever the value, even before it looks like an address', () => {
    const el = input('<input type="email">');
    expect(maskInputValue(el, 'someone', opts())).toEqual({ value: '*******', masked: true });
    expect(maskInputValue(el, 'someone', opts({ obscureInputEmails: false })).value).toBe('*******');
    // Even a field marked plain: an address is never recorded in clear.
    expect(maskInputValue(input('<input type="email" data-atrium-input="plain">'), 'a', opts()).value).toBe(
      '*',
    );
  });
});
