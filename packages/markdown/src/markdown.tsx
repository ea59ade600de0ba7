import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeImage, safeLink } from './safe-url.ts';

export interface MarkdownProps {
  text: string;
  /** How a portal path (`#/tasks/my` → `/tasks/my`) is rendered: the app's router link. Default: a plain anchor. */
  renderInternalLink?: (to: string, children: ReactNode) => ReactNode;
}

type MdNode = { type: string; value?: string; children?: MdNode[] };

/** Raw HTML in course text is shown as the text it is, never parsed into markup (no rehype-raw either). */
function htmlAsText() {
  const walk = (node: MdNode) => {
    if (node.type === 'html') node.type = 'text';
    node.children?.forEach(walk);
  };
  return (tree: MdNode) => walk(tree);
}

/** Every address goes through safeLink/safeImage below, so react-markdown's own filter keeps them as written. */
const keepUrl = (url: string) => url;

function components(renderInternalLink: MarkdownProps['renderInternalLink']): Components {
  return {
    // One heading level below the page's own title.
    h1: ({ children }) => <h2 className="h4">{children}</h2>,
    h2: ({ children }) => <h3 className="h5 mt-4">{children}</h3>,
    h3: ({ children }) => <h4 className="h6 mt-3">{children}</h4>,
    h4: ({ children }) => <h5 className="h6 mt-3">{children}</h5>,
    h5: ({ children }) => <h6 className="h6 mt-3">{children}</h6>,
    table: ({ children }) => (
      <div className="table-responsive">
        <table className="table table-sm table-bordered">{children}</table>
      </div>
    ),
    a: ({ href, children }) => {
      const link = safeLink(href ?? '');
      if (!link) return <>{children}</>;
      if (link.kind === 'internal') {
        return renderInternalLink ? (
          renderInternalLink(link.href, children)
        ) : (
          <a href={link.href}>{children}</a>
        );
      }
      return (
        <a href={link.href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    },
    img: ({ src, alt }) => {
      const url = typeof src === 'string' ? safeImage(src) : null;
      if (!url) return alt || null;
      return <img src={url} alt={alt ?? ''} loading="lazy" className="img-fluid" />;
    },
  };
}

/**
 * Course text (sub-chapters, welcome pages, task descriptions) as learners see it and as the console
 * previews it: CommonMark + GFM (tables, strikethrough, task lists, autolinks) by a maintained parser,
 * rendered by React. Raw HTML is never markup; links and images only to the addresses safe-url allows.
 */
export function Markdown({ text, renderInternalLink }: MarkdownProps) {
  return (
    <div className="markdown-body">
      <ReactMarkdown
        remarkPlugins={[remarkGfm, htmlAsText]}
        urlTransform={keepUrl}
        components={components(renderInternalLink)}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
