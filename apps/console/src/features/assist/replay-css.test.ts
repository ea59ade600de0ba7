import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createCache, adaptCssForReplay as rrwebAdapt } from 'rrweb-snapshot';
import { describe, expect, it } from 'vitest';
import { AdaptedCss, adaptCssForReplay } from './replay-css.ts';

const require = createRequire(import.meta.url);
const rrweb = (css: string) => rrwebAdapt(css, createCache());

describe('adaptCssForReplay', () => {
  // rrweb-snapshot is the package whose rewrite @rrweb/replay carries inside it (same plugins).
  it.each(['bootstrap/dist/css/bootstrap.min.css', 'bootstrap/dist/css/bootstrap.css'])(
    'gives rrweb’s own text for %s',
    (file) => {
      const css = readFileSync(require.resolve(file), 'utf8');
      expect(adaptCssForReplay(css)).toBe(rrweb(css));
    },
  );

  it.each([
    'a:hover{color:red}',
    'a, b:hover , c:focus:hover {x:y}\n.d:hover>.e{}',
    ':is(a:hover, b) , [data-x="a,b:hover{"]:hover{}',
    '/* a:hover { */ a { color: red } /* } */ b:hover /* c */ { }',
    '@media (max-device-width: 600px) and (min-device-height: 1px){a:hover{x:y}}',
    '@import url("x.css") screen and (max-device-width: 400px);a:hover{}',
    '.card{color:red;&:hover{color:blue}.x:hover &{y:z}}',
    'a[title="}"]:hover{content:"{:hover}"}b\\:hover:hover{}',
    '@keyframes k{from{a:b}50%{c:d}}@font-face{font-family:x;src:url(a.woff)}',
    'a{}',
    '',
  ])('gives rrweb’s own text for %j', (css) => {
    expect(adaptCssForReplay(css)).toBe(rrweb(css));
  });
});

describe('AdaptedCss', () => {
  it('adapts what it has not seen and keeps it', () => {
    const cache = new AdaptedCss();
    expect(cache.get('a:hover{}')).toBe('a:hover,\na.\\:hover{}');
    expect(cache.size).toBe(1);
    expect(cache.get('a:hover{}')).toBe('a:hover,\na.\\:hover{}');
    expect(cache.size).toBe(1);
  });

  it('forgets the oldest beyond its bound', () => {
    const cache = new AdaptedCss();
    for (let i = 0; i < 450; i += 1) cache.get(`.c${i}:hover{}`);
    expect(cache.size).toBe(400);
    expect(cache.has('.c0:hover{}')).toBe(false);
    expect(cache.has('.c449:hover{}')).toBe(true);
  });
});
