export { Markdown, type MarkdownProps } from './markdown.tsx';
export { safeImage, safeLink } from './safe-url.ts';
export { withoutRepeatedTitle } from './without-repeated-title.ts';
