// The pages the tracker benchmarks record (bench/tracker-overhead.mjs, bench/tracker-profile.mjs). Each page
// defines `window.work()`: a scripted workload with a fixed amount of DOM change (frames, not a duration), so
// every tracker records the same changes. The tracker under test is inlined in <head> and started before work().

const NODES = Number(process.env.BENCH_NODES ?? 5000);
const STORM_FRAMES = Number(process.env.BENCH_STORM_FRAMES ?? 180);

/** Thousands of nodes, then a mutation storm: ~150 cells' text and class a frame, a row added and removed. */
const heavy = {
  describe: `${NODES} nodes, a ${STORM_FRAMES}-frame storm (~300 changes a frame)`,
  body: `
  const app = document.getElementById('app');
  const frag = document.createDocumentFragment();
  for (let i = 0; i < ${NODES} / 5; i++) {
    const row = document.createElement('div'); row.className = 'row';
    for (let j = 0; j < 4; j++) { const c = document.createElement('span'); c.className = 'cell'; c.textContent = 'r' + i + 'c' + j; row.append(c); }
    frag.append(row);
  }
  app.append(frag);
  window.work = () => new Promise((resolve) => {
    const cells = app.getElementsByClassName('cell');
    let n = 0;
    const frame = () => {
      for (let k = 0; k < 150; k++) {
        const c = cells[(n * 151 + k * 7) % cells.length];
        c.textContent = 'v' + n + '-' + k;
        c.classList.toggle('hot');
      }
      const row = document.createElement('div'); row.className = 'row'; row.textContent = 'added ' + n; app.prepend(row);
      if (app.childElementCount > ${NODES} / 5 + 50) app.lastElementChild.remove();
      n++;
      if (n < ${STORM_FRAMES}) requestAnimationFrame(frame); else resolve(n);
    };
    requestAnimationFrame(frame);
  });`,
};

/** A live price table: 50 × 8 cells, ~400 of them rewritten every frame for 150 frames (~2.5 s at 60 fps). */
const liveTable = {
  describe: 'a 50×8 live table, ~400 cells rewritten a frame for 150 frames',
  body: `
  const app = document.getElementById('app');
  const table = document.createElement('table'); const tb = document.createElement('tbody');
  const cells = [];
  for (let i = 0; i < 50; i++) {
    const tr = document.createElement('tr');
    for (let j = 0; j < 8; j++) { const td = document.createElement('td'); td.textContent = '0.00'; tr.append(td); cells.push(td); }
    tb.append(tr);
  }
  table.append(tb); app.append(table);
  window.work = () => new Promise((resolve) => {
    let n = 0;
    const frame = () => {
      for (let k = 0; k < cells.length; k++) {
        const v = ((n * 31 + k * 17) % 1000) / 10;
        cells[k].textContent = v.toFixed(2);
        if (k % 8 === 7) cells[k].className = v > 50 ? 'up' : 'down';
      }
      n++;
      if (n < 150) requestAnimationFrame(frame); else resolve(n);
    };
    requestAnimationFrame(frame);
  });`,
};

/** One render of a 2 000-row, 3-column table: 14 001 node changes in one mutation batch. */
const render2000 = {
  describe: 'one render of a 2 000-row table (14 001 changes)',
  body: `
  const app = document.getElementById('app');
  window.work = async () => {
    const table = document.createElement('table'); const tb = document.createElement('tbody');
    for (let i = 0; i < 2000; i++) {
      const tr = document.createElement('tr');
      for (const v of ['row-' + i, String(i * 7), i % 3 ? 'ok' : 'late']) { const td = document.createElement('td'); td.textContent = v; tr.append(td); }
      tb.append(tr);
    }
    table.append(tb); app.append(table);
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
    return 2000;
  };`,
};

/** A form typed into: 400 keystrokes over an input and a textarea, two a frame (an input event each). */
const typing = {
  describe: 'a form: 400 keystrokes into an input and a textarea, two a frame',
  body: `
  const app = document.getElementById('app');
  const name = document.createElement('input'); const note = document.createElement('textarea');
  app.append(name, note);
  const text = 'The quick brown fox jumps over the lazy dog. ';
  window.work = () => new Promise((resolve) => {
    let n = 0;
    const frame = () => {
      for (let k = 0; k < 2; k++, n++) {
        const field = n < 100 ? name : note;
        field.value += text[n % text.length];
        field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
      }
      if (n < 400) requestAnimationFrame(frame); else resolve(n);
    };
    requestAnimationFrame(frame);
  });`,
};

export const WORKLOADS = { heavy, 'live-table': liveTable, 'render-2000': render2000, typing };

/** The page of a workload; the tracker inlined, or loaded from `src` (the profile maps it to its sources). */
export function workloadPage(name, trackerScript, src) {
  const w = WORKLOADS[name];
  const head = src
    ? `<script src="${src}"></script>`
    : `<script>${trackerScript.replace(/<\/script/g, '<\\/script')}</script>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>${name}</title>
<style>.row{display:flex;gap:4px}.cell{padding:2px;border:1px solid #ddd}.hot{background:#fe9}.up{color:green}.down{color:red}td{padding:1px 4px}</style>
${head}</head><body><main id="app"></main>
<script>${w.body}</script></body></html>`;
}
