/**
 * Content that opens with the screen's own title as a heading would show the title twice under the page
 * heading; that first heading is dropped (spaces are ignored when comparing).
 */
export function withoutRepeatedTitle(markdown: string, title: string): string {
  const first = /^\s*#{1,6}[ \t]+(.*?)[ \t#]*(?:\r?\n|$)/.exec(markdown);
  const bare = (text: string) => text.replace(/\s+/g, '');
  return first && bare(first[1] ?? '') === bare(title) ? markdown.slice(first[0].length) : markdown;
}
