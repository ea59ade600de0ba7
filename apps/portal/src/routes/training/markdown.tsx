import { Markdown as CourseMarkdown } from '@atrium/markdown';
import { Link } from 'react-router';

export { withoutRepeatedTitle } from '@atrium/markdown';

/** Course text through the shared renderer (@atrium/markdown); portal paths become router links. */
export function Markdown({ text }: { text: string }) {
  return (
    <CourseMarkdown text={text} renderInternalLink={(to, children) => <Link to={to}>{children}</Link>} />
  );
}
