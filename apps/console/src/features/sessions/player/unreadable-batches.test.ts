import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import zhTW from '../zh-TW.json';
import { decodeBatchLine } from './decode-batch.ts';
import { RecordingBuilder } from './recording.ts';
import { UnreadableNotice } from './unreadable-notice.tsx';

const T0 = Date.UTC(2026, 10, 24, 4, 0, 0);
const snapshot = (t: number) => [
  1,
  { type: 2, data: { node: { id: 1, type: 0, childNodes: [] } }, timestamp: t },
];
const meta = (t: number) => [
  1,
  { type: 4, data: { href: 'https://portal.example/', width: 1, height: 1 }, timestamp: t },
];

/** A line of the session's message stream as the server writes it: its head, then the stored bytes. */
const line = (seq: number, stored: string) =>
  `{"tabId":"tab-1","pageNo":1,"seq":${seq},"messages":${stored}}`;

async function render(tab: { unreadable: { pageNo: number; seq: number }[] }) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'zh-TW',
    resources: { 'zh-TW': { translation: zhTW } },
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(UnreadableNotice, { tab })),
  );
}

describe('a batch the player cannot read (issue 18, finding 10)', () => {
  it('is named in a zh-TW notice above the replay instead of being skipped silently', async () => {
    const whole = JSON.stringify([meta(T0), snapshot(T0 + 1)]);
    // One copy of the batch with the tail of a longer copy behind it: what a torn write left on disk.
    const torn = `${JSON.stringify([
      [0, T0 + 2],
      [4, 'https://portal.example/a', '', T0 + 2],
    ])}${'x"]]'.repeat(3)}`;
    const stream = [
      line(0, whole),
      line(1, torn),
      // The server's line for a batch whose stored bytes are gone.
      '{"tabId":"tab-1","pageNo":1,"seq":2,"unreadable":true}',
      line(3, JSON.stringify([[0, T0 + 9000]])),
    ];
    const builder = new RecordingBuilder();
    for (const text of stream) {
      const batch = decodeBatchLine(text);
      if (batch) builder.add(batch);
    }
    const [tab] = builder.finish();
    expect(tab?.unreadable).toEqual([
      { pageNo: 1, seq: 1 },
      { pageNo: 1, seq: 2 },
    ]);
    // The readable batches still play.
    expect(tab?.events.length).toBeGreaterThanOrEqual(2);

    const html = await render(tab!);
    expect(html).toContain('data-testid="unreadable-batches"');
    expect(html).toContain('這個分頁有 2 批錄影無法讀取（第 1 頁第 1 批、第 1 頁第 2 批）');
  });

  it('shows nothing when every batch was read', async () => {
    expect(await render({ unreadable: [] })).toBe('');
  });
});
