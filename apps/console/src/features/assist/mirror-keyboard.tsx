import { type CSSProperties, type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MirrorField } from './mirror-field.ts';

/** Longest value sent (the relay's `input` bound). */
const MAX_VALUE = 10_000;

/**
 * Catches the keys the agent types on the mirror while in control (ADR 0074): a see-through field over
 * the learner's field, holding what the learner's field should hold. Every change (an IME's only once it
 * commits) is sent as the spec's `input` with the whole value; the mirror itself is never edited, it shows
 * the text when the learner's recording brings it back.
 */
export function MirrorKeyboard({
  field,
  onValue,
  onLeave,
}: {
  field: MirrorField;
  onValue: (value: string) => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const composing = useRef(false);
  const sent = useRef(field.value);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const push = () => {
    const value = ref.current?.value ?? '';
    if (composing.current || value === sent.current) return;
    sent.current = value;
    onValue(value);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // The console's own shortcuts never see keys meant for the learner.
    e.stopPropagation();
    if (e.key === 'Escape') onLeave();
  };
  const style: CSSProperties = {
    position: 'absolute',
    left: field.box.left,
    top: field.box.top,
    width: Math.max(field.box.width, 8),
    height: Math.max(field.box.height, 8),
    zIndex: 11,
    margin: 0,
    padding: 0,
    border: 0,
    resize: 'none',
    background: 'transparent',
    color: 'transparent',
    caretColor: 'transparent',
    outline: '2px solid #0b5ed7',
    outlineOffset: 1,
  };
  const props = {
    ref,
    'aria-label': t('assist.typeOnMirror'),
    'data-testid': 'mirror-keyboard',
    defaultValue: field.value,
    maxLength: MAX_VALUE,
    autoComplete: 'off',
    spellCheck: false,
    style,
    onInput: push,
    onCompositionStart: () => {
      composing.current = true;
    },
    onCompositionEnd: () => {
      composing.current = false;
      push();
    },
    onKeyDown,
  };
  return field.multiline ? <textarea {...props} /> : <input type="text" {...props} />;
}
