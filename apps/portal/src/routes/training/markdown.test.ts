import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

const render = (text: string) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Markdown, { text })));

// The renderer itself is tested in packages/markdown; here only the portal's wiring.
describe('course markdown in the portal', () => {
  it('renders portal paths as router links and https links in a new tab', () => {
    const html = render('[MDN](https://developer.mozilla.org/) [任務](#/tasks/my)\n\n| a |\n|---|\n| 1 |');
    expect(html).toContain('<a href="/tasks/my"');
    expect(html).toContain('target="_blank" rel="noopener noreferrer">MDN</a>');
    expect(html).toContain('<td>1</td>');
  });
});
