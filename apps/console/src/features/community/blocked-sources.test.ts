import { describe, expect, it } from 'vitest';
import { allowedOrigins, blockedSources } from './blocked-sources.ts';

const header =
  "default-src 'self'; img-src 'self' data: blob: https://cdn.example.org; media-src 'self'; frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com";
const allowed = allowedOrigins(header, 'https://learn.example.org');

describe('what the portal would block in a sub-chapter (issue 23)', () => {
  it('names an image from another site and the setting that allows it; its own and allowed ones pass', () => {
    const text =
      '![a](https://learn.example.org/v1/course-images/x.png) ![b](https://cdn.example.org/b.png)\n![c](https://images.other.example/c.png) ![d](https://images.other.example/d.png)';
    expect(blockedSources('markdown', text, allowed)).toEqual([
      { origin: 'https://images.other.example', setting: 'CSP_CDN_ORIGINS' },
    ]);
  });

  it('names a Google Drive video (frames) and passes YouTube', () => {
    expect(blockedSources('video', 'https://drive.google.com/file/d/abc/preview', allowed)).toEqual([
      { origin: 'https://drive.google.com', setting: 'CSP_FRAME_ORIGINS' },
    ]);
    expect(blockedSources('video', 'https://www.youtube-nocookie.com/embed/x', allowed)).toEqual([]);
    expect(blockedSources('video', 'https://files.example.net/a.mp4', allowed)).toEqual([
      { origin: 'https://files.example.net', setting: 'CSP_CDN_ORIGINS' },
    ]);
  });
});
