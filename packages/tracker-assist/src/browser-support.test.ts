import { describe, expect, it } from 'vitest';
import { assistSupported } from './browser-support.ts';
import { trackerAssist } from './index.ts';

const UA = {
  chrome71:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/71.0.3578.98 Safari/537.36',
  chrome72:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/72.0.3626.81 Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  firefox58: 'Mozilla/5.0 (X11; Linux x86_64; rv:58.0) Gecko/20100101 Firefox/58.0',
  firefox59: 'Mozilla/5.0 (X11; Linux x86_64; rv:59.0) Gecko/20100101 Firefox/59.0',
  safari604:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_3) AppleWebKit/604.5.6 (KHTML, like Gecko) Version/11.0.3 Safari/604.5.6',
  safari605:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/119.0 Mobile/15E148 Safari/604.1',
  other: 'Mozilla/5.0 (compatible; SomeBot/1.0)',
};

describe('browser support (spec 2 §5)', () => {
  it('Chrome 72+, Firefox 59+, Safari 605+, not iOS, nothing else', () => {
    expect(assistSupported(UA.chrome71)).toBe(false);
    expect(assistSupported(UA.chrome72)).toBe(true);
    expect(assistSupported(UA.headless)).toBe(true);
    expect(assistSupported(UA.firefox58)).toBe(false);
    expect(assistSupported(UA.firefox59)).toBe(true);
    expect(assistSupported(UA.safari604)).toBe(false);
    expect(assistSupported(UA.safari605)).toBe(true);
    expect(assistSupported(UA.iphone)).toBe(false);
    expect(assistSupported(UA.iphoneChrome)).toBe(false);
    expect(assistSupported(UA.other)).toBe(false);
  });

  it('the plugin stays off in an unsupported browser and says why', () => {
    const warnings: string[] = [];
    const win = { navigator: { userAgent: UA.iphone } } as unknown as Window;
    const plugin = trackerAssist({ onWarning: (m) => warnings.push(m) }, { window: win });
    expect(plugin({} as never)).toBeNull();
    expect(warnings).toEqual([
      '[Atrium] assist: this browser is not supported (spec: Chrome 72+, Firefox 59+, Safari 605+, not iOS)',
    ]);
  });
});
