import type { ChapterView, SubChapterSummary } from '@atrium/protocol/training';
import { describe, expect, it } from 'vitest';
import { subChapterTarget } from './training-sidebar.tsx';

const chapter: ChapterView = {
  id: 'c1',
  name: '第 1 章',
  enable: true,
  published: true,
  release_at: null,
  sub_chapters: [],
};
const sub = (over: Partial<SubChapterSummary>): SubChapterSummary => ({
  id: 's1',
  name: '單元',
  icon: '',
  enable: true,
  type: 'markdown',
  content: null,
  published: true,
  ...over,
});

describe('where a sidebar item leads (spec 1 §2)', () => {
  it('opens https links in a new tab and hash paths inside the portal', () => {
    expect(subChapterTarget('k', chapter, sub({ type: 'link', content: 'https://example.com/a' }))).toEqual({
      kind: 'external',
      href: 'https://example.com/a',
    });
    expect(subChapterTarget('k', chapter, sub({ type: 'link', content: '#/tasks/my' }))).toEqual({
      kind: 'internal',
      to: '/tasks/my',
    });
    // Anything else (http, javascript:, a protocol-relative '#//host') is not followed at all.
    expect(subChapterTarget('k', chapter, sub({ type: 'link', content: '#//evil.test/x' }))).toEqual({
      kind: 'closed',
    });
    expect(subChapterTarget('k', chapter, sub({ type: 'link', content: 'javascript:alert(1)' }))).toEqual({
      kind: 'closed',
    });
  });

  it('sends dashboard items to the board and shows the rest in place under chapter_subchapter', () => {
    expect(subChapterTarget('k', chapter, sub({ type: 'dashboard' }))).toEqual({
      kind: 'internal',
      to: '/training/k/board',
    });
    expect(subChapterTarget('k', chapter, sub({ type: 'video' }))).toEqual({
      kind: 'internal',
      to: '/training/k/board/content/c1_s1',
    });
  });

  it('does not open items that are not enabled', () => {
    expect(
      subChapterTarget('k', chapter, sub({ enable: false, type: 'link', content: 'https://x.test' })),
    ).toEqual({ kind: 'closed' });
  });

  it('keeps items that are not open closed, except to staff in preview (issue 23)', () => {
    expect(subChapterTarget('k', chapter, sub({ enable: false }))).toEqual({ kind: 'closed' });
    expect(subChapterTarget('k', chapter, sub({ enable: false }), true)).toEqual({
      kind: 'internal',
      to: '/training/k/board/content/c1_s1',
    });
  });
});
