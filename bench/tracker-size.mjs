// Bundle size of our standalone tracker against @openreplay/tracker@15.0.3 and bare @rrweb/record.
// Budget (issue 5): our tracker ≤ 40 KB gzip.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildAll } from './bundle-competitors.mjs';

const BUDGET_GZIP = 40 * 1024;

export function measureSizes() {
  const files = buildAll();
  const rows = Object.entries(files).map(([name, path]) => {
    const buf = readFileSync(path);
    return {
      name,
      min: buf.length,
      gzip: gzipSync(buf, { level: 9 }).length,
      brotli: brotliCompressSync(buf).length,
    };
  });
  return rows;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measureSizes();
  console.log('bundle                min        gzip -9    brotli');
  for (const r of rows)
    console.log(
      `${r.name.padEnd(20)}  ${kb(r.min).padStart(9)}  ${kb(r.gzip).padStart(9)}  ${kb(r.brotli).padStart(9)}`,
    );
  const ours = rows.find((r) => r.name === 'ours');
  console.log(
    `budget: ours ${kb(ours.gzip)} gzip ${ours.gzip <= BUDGET_GZIP ? '≤' : '>'} 40 KB → ${ours.gzip <= BUDGET_GZIP ? 'OK' : 'OVER'}`,
  );
}
