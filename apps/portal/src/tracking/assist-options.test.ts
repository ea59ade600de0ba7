import { describe, expect, it } from 'vitest';
import zhTW from '../i18n/zh-TW.json';
import { portalAssistOptions } from './assist-options.ts';

const t = (key: string) => {
  const v = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], zhTW);
  if (typeof v !== 'string') throw new Error(`missing ${key}`);
  return v;
};

describe('portal assist options', () => {
  it('every prompt and call-window label comes from the zh-TW catalogue; the call prompt ends after 30 s', () => {
    const o = portalAssistOptions(t);
    expect(o.callConfirm).toEqual({
      text: '客服來電，要接聽嗎？',
      accept: '接聽',
      decline: '拒絕',
      caller: '來電者：{name}',
    });
    expect(o.controlConfirm?.accept).toBe('允許遠端控制');
    expect(o.recordingConfirm?.accept).toBe('允許錄製');
    expect(Object.values(o.callTexts ?? {}).every((s) => /[\u4e00-\u9fff]/.test(s))).toBe(true);
    expect(o.noticeTexts?.endControl).toBe('結束遠端控制');
    expect(o.noticeTexts?.watching).toBe('{names} 正在查看您的畫面');
    expect(o.callConfirmTimeoutMs).toBe(30_000);
  });
});
