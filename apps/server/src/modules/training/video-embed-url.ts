// YouTube refuses to be framed at its watch addresses (X-Frame-Options), so a pasted watch, youtu.be or
// shorts link is stored as the embed address the portal can frame (issue 36).
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
const VIDEO_ID = /^[\w-]{11}$/;

/** The embed address of a YouTube watch link (keeping a start time); any other address unchanged. */
export function videoEmbedUrl(content: string): string {
  let url: URL;
  try {
    url = new URL(content.trim());
  } catch {
    return content;
  }
  let id: string | undefined;
  if (url.hostname === 'youtu.be') id = url.pathname.slice(1);
  else if (YOUTUBE_HOSTS.has(url.hostname)) {
    if (url.pathname === '/watch') id = url.searchParams.get('v') ?? undefined;
    else id = url.pathname.match(/^\/(?:shorts|live)\/([^/]+)$/)?.[1];
  }
  if (!id || !VIDEO_ID.test(id)) return content;
  const start = url.searchParams.get('t')?.match(/^(\d+)s?$/)?.[1];
  return `https://www.youtube.com/embed/${id}${start ? `?start=${start}` : ''}`;
}
