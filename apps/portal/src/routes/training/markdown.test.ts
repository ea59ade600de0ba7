import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown, withoutRepeatedTitle } from './markdown.tsx';

const render = (text: string) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Markdown, { text })));

describe('course markdown', () => {
  it('renders the supported subset', () => {
    const html = render(
      '# 標題\n\n第一段 **重點** 與 `code`\n\n- 一\n- 二\n\n1. 甲\n2. 乙\n\n[MDN](https://developer.mozilla.org/) [任務](#/tasks/my)',
    );
    expect(html).toContain('<h2 class="h4">標題</h2>');
    expect(html).toContain('<strong>重點</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<ul><li>一</li><li>二</li></ul>');
    expect(html).toContain('<ol><li>甲</li><li>乙</li></ol>');
    expect(html).toContain(
      '<a href="https://developer.mozilla.org/" target="_blank" rel="noopener noreferrer">MDN</a>',
    );
    expect(html).toContain('<a href="/tasks/my"');
  });

  it('never turns course content into markup or script', () => {
    const html = render(
      '<img src=x onerror=alert(1)> <script>alert(1)</script>\n\n[點我](javascript:alert(1)) [資料](data:text/html,x)',
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:text');
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
