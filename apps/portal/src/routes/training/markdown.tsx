import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';

/**
 * A small, safe markdown subset rendered by React (never as HTML): headings #–###, paragraphs, - and 1.
 * lists, **bold**, `code` and [links](https://… or #/path). Anything else stays plain text, so course content
 * can never inject markup or script.
 */
export function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => parseBlocks(text), [text]);
  return (
    <div className="markdown-body">
      {blocks.map((block, i) => {
        const key = `${block.kind}-${i}`;
        switch (block.kind) {
          case 'h1':
            return (
              <h2 key={key} className="h4">
                {inline(block.text)}
              </h2>
            );
          case 'h2':
            return (
              <h3 key={key} className="h5 mt-4">
                {inline(block.text)}
              </h3>
            );
          case 'h3':
            return (
              <h4 key={key} className="h6 mt-3">
                {inline(block.text)}
              </h4>
            );
          case 'ul':
            return (
              <ul key={key}>
                {block.items.map((item, j) => (
                  <li key={`${key}-${j.toString()}`}>{inline(item)}</li>
                ))}
              </ul>
            );
          case 'ol':
            return (
              <ol key={key}>
                {block.items.map((item, j) => (
                  <li key={`${key}-${j.toString()}`}>{inline(item)}</li>
                ))}
              </ol>
            );
          default:
            return <p key={key}>{inline(block.text)}</p>;
        }
      })}
    </div>
  );
}

type Block =
  | { kind: 'h1' | 'h2' | 'h3' | 'p'; text: string }
  | { kind: 'ul' | 'ol'; items: string[]; text?: undefined };

function parseBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'p', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (!line) {
      flush();
    } else if (heading) {
      flush();
      blocks.push({ kind: `h${heading[1]!.length}` as 'h1' | 'h2' | 'h3', text: heading[2]! });
    } else if (bullet || numbered) {
      flush();
      const kind = bullet ? 'ul' : 'ol';
      const last = blocks.at(-1);
      const item = (bullet ?? numbered)![1]!;
      if (last && last.kind === kind) last.items.push(item);
      else blocks.push({ kind, items: [item] });
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;

function inline(text: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const key = i.toString();
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4)
      return <strong key={key}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2)
      return <code key={key}>{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const [, label, href] = link;
      if (href!.startsWith('https://')) {
        return (
          <a key={key} href={href} target="_blank" rel="noopener noreferrer">
            {label}
          </a>
        );
      }
      if (/^#\/(?!\/)/.test(href!)) {
        return (
          <Link key={key} to={href!.slice(1)}>
            {label}
          </Link>
        );
      }
      return label;
    }
    return part;
  });
}

/**
 * Content that opens with the screen's own title as a heading would show the title twice under the page
 * heading; that first heading is dropped (spaces are ignored when comparing).
 */
export function withoutRepeatedTitle(markdown: string, title: string): string {
  const first = /^\s*#{1,6}[ \t]+(.*?)[ \t#]*(?:\r?\n|$)/.exec(markdown);
  const bare = (text: string) => text.replace(/\s+/g, '');
  return first && bare(first[1] ?? '') === bare(title) ? markdown.slice(first[0].length) : markdown;
}
