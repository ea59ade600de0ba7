import { afterEach, describe, expect, it } from 'vitest';
import { applyAgentInput } from './agent-input.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the agent’s input on the learner’s page', () => {
  it('types as a person would: beforeinput, input with what changed, change only once the field is left', () => {
    document.body.innerHTML = '<input id="f"><button id="b">ok</button>';
    const field = document.getElementById('f') as HTMLInputElement;
    const seen: string[] = [];
    for (const type of ['beforeinput', 'input', 'change'])
      field.addEventListener(type, (e) => {
        const ie = e as InputEvent;
        seen.push(ie.inputType ? `${type}:${ie.inputType}:${ie.data ?? ''}` : type);
      });
    field.focus();
    expect(applyAgentInput(window, 'hi')).toBe(true);
    expect(applyAgentInput(window, 'h')).toBe(true);
    expect(field.value).toBe('h');
    expect(seen).toEqual([
      'beforeinput:insertText:hi',
      'input:insertText:hi',
      'beforeinput:deleteContentBackward:',
      'input:deleteContentBackward:',
    ]);
    (document.getElementById('b') as HTMLButtonElement).focus();
    expect(seen.at(-1)).toBe('change');
  });

  it('a page refusing the edit (beforeinput cancelled), a read-only field and no focus keep their text', () => {
    document.body.innerHTML = '<input id="f" value="mine"><input id="r" readonly value="fixed">';
    const field = document.getElementById('f') as HTMLInputElement;
    expect(applyAgentInput(window, 'nobody focused')).toBe(false);
    field.addEventListener('beforeinput', (e) => e.preventDefault());
    field.focus();
    expect(applyAgentInput(window, 'refused')).toBe(false);
    expect(field.value).toBe('mine');
    const fixed = document.getElementById('r') as HTMLInputElement;
    fixed.focus();
    expect(applyAgentInput(window, 'changed')).toBe(false);
    expect(fixed.value).toBe('fixed');
  });
});
