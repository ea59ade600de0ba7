import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';
import { withoutRepeatedTitle } from './without-repeated-title.ts';

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, { text })).replace(/\n/g, '');

describe('course markdown', () => {
  it('renders CommonMark with GFM tables, strikethrough and images', () => {
    const html = render(
      '# 標題\n\n第一段 **重點** 與 `code` ~~舊~~\n\n- 一\n- 二\n\n1. 甲\n2. 乙\n\n| 欄 | 值 |\n|---|---|\n| a | 1 |\n\n![圖](/v1/course-images/abcdefghijklmnopqrstuv.png) ![外](https://example.com/a.webp)',
    );
    expect(html).toContain('<h2 class="h4">標題</h2>');
    expect(html).toContain('<strong>重點</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<del>舊</del>');
    expect(html).toContain('<ul><li>一</li><li>二</li></ul>');
    expect(html).toContain('<ol><li>甲</li><li>乙</li></ol>');
    expect(html).toContain(
      '<table class="table table-sm table-bordered"><thead><tr><th>欄</th><th>值</th></tr>',
    );
    expect(html).toContain('<td>a</td><td>1</td>');
    expect(html).toContain('<img src="/v1/course-images/abcdefghijklmnopqrstuv.png" alt="圖" loading="lazy"');
    expect(html).toContain('<img src="https://example.com/a.webp" alt="外"');
  });

  it('opens https links in a new tab and hands portal paths to the app', () => {
    expect(render('[MDN](https://developer.mozilla.org/)')).toContain(
      '<a href="https://developer.mozilla.org/" target="_blank" rel="noopener noreferrer">MDN</a>',
    );
    expect(render('[任務](#/tasks/my)')).toContain('<a href="/tasks/my">任務</a>');
    const custom = renderToStaticMarkup(
      createElement(Markdown, {
        text: '[任務](#/tasks/my)',
        renderInternalLink: (to, children) =>
          createElement('a', { href: to, 'data-router': 'yes' }, children),
      }),
    );
    expect(custom).toContain('data-router="yes"');
  });

  it('never turns course content into markup or script', () => {
    const html = render(
      '<img src=x onerror=alert(1)> <script>alert(1)</script>\n\n[點我](javascript:alert(1)) [資料](data:text/html,x) [外](//evil.example) [http](http://example.com)\n\n![x](javascript:alert(1)) ![y](data:image/png;base64,AAAA) ![z](http://example.com/a.png)\n\n<div onclick="x">block</div>',
    );
    expect(html).not.toMatch(/<img src="x"|<script|<div onclick/);
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:');
    expect(html).not.toContain('href="//evil');
    expect(html).not.toContain('href="http:');
    expect(html).not.toContain('src="http:');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('點我');
  });

  it('drops an opening heading that repeats the screen title, and nothing else', () => {
    expect(withoutRepeatedTitle('# 安裝 Jupyter\n\n1. 安裝 Python', '安裝 Jupyter')).toBe('\n1. 安裝 Python');
    expect(withoutRepeatedTitle('## 歡迎來到資料分析實戰營\n內文', '歡迎來到 資料分析實戰營')).toBe('內文');
    expect(withoutRepeatedTitle('# 作業解說\n內文', '作業解說（草稿）')).toBe('# 作業解說\n內文');
    expect(withoutRepeatedTitle('內文\n# 安裝 Jupyter', '安裝 Jupyter')).toBe('內文\n# 安裝 Jupyter');
  });
});
