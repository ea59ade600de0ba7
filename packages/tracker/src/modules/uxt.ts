import { MessageType } from '@atrium/protocol/tracker/messages';
import { INGEST_PATHS } from '@atrium/protocol/tracker/paths';
import type { App } from '../app.ts';
import { readStorage, StorageKeys, writeStorage } from '../lib/storage.ts';

interface UxtTask {
  taskId: number;
  title: string;
  description: string | null;
  allowTyping: boolean;
}
interface UxtTest {
  id: number;
  title: string;
  description: string | null;
  guidelines: string | null;
  conclusion: string | null;
  startPage: string;
  tasks: UxtTask[];
}

/** Progress survives page loads of the same tab: test id and the index of the current task (-1: intro). */
type Progress = { testId: number; index: number };

/**
 * The `oruxt` usability test (spec §2): `?oruxt=<id>` starts it; a panel (never recorded: class
 * atrium-block) shows the tasks one by one and records begin / done / skipped and typed answers.
 */
export function uxtModule(app: App): () => void {
  let panel: HTMLElement | null = null;
  const w = app.env.window;
  const start = () => {
    const param = new URLSearchParams(w.location.search).get('oruxt');
    const stored = readStorage('session', StorageKeys.uxt);
    let progress: Progress | null = null;
    if (param && /^\d+$/.test(param)) progress = { testId: Number(param), index: -1 };
    else if (stored) {
      try {
        progress = JSON.parse(stored) as Progress;
      } catch {
        progress = null;
      }
    }
    if (!progress || !app.session) return;
    void load(progress);
  };

  const auth = () => ({
    Authorization: `Bearer ${app.session?.token ?? ''}`,
    'Content-Type': 'application/json',
  });
  const signal = (path: string, body: Record<string, unknown>) =>
    app
      .fetch(`${app.options.ingestPoint}${path}`, {
        method: 'POST',
        headers: auth(),
        body: JSON.stringify({ ...body, timestamp: Date.now() }),
      })
      .catch(() => undefined);

  async function load(progress: Progress) {
    const res = await app
      .fetch(`${app.options.ingestPoint}${INGEST_PATHS.uxtTest}/${progress.testId}`, { headers: auth() })
      .catch(() => null);
    if (!res?.ok) return;
    const test = (await res.json()) as UxtTest;
    render(test, progress);
  }

  function save(p: Progress | null) {
    writeStorage('session', StorageKeys.uxt, p ? JSON.stringify(p) : null);
  }

  function render(test: UxtTest, progress: Progress) {
    panel?.remove();
    const doc = w.document;
    panel = doc.createElement('div');
    panel.className = 'atrium-block';
    panel.setAttribute('style', 'position:fixed;right:16px;bottom:16px;z-index:2147483645;max-width:320px');
    const root = panel.attachShadow({ mode: 'open' });
    const box = doc.createElement('div');
    box.setAttribute(
      'style',
      'background:#fff;color:#111;border:1px solid #ccc;border-radius:8px;padding:12px;font:14px sans-serif;box-shadow:0 2px 12px #0003',
    );
    root.append(box);
    doc.body.append(panel);
    const el = (tag: string, text: string | null, style = '') => {
      const e = doc.createElement(tag);
      if (text) e.textContent = text;
      if (style) e.setAttribute('style', style);
      return e;
    };
    const show = (p: Progress) => {
      save(p);
      box.replaceChildren();
      if (p.index === -1) {
        box.append(el('strong', test.title), el('p', test.description), el('p', test.guidelines));
        const begin = el('button', 'Begin');
        begin.onclick = () => {
          void signal(INGEST_PATHS.uxtTestSignal, { testId: test.id, status: 'begin' });
          app.send([MessageType.UxtEvent, test.id, 0, 'begin', '']);
          startTask({ testId: test.id, index: 0 });
        };
        box.append(begin);
        return;
      }
      const task = test.tasks[p.index];
      if (!task) {
        box.append(el('strong', test.title), el('p', test.conclusion));
        const close = el('button', 'Close');
        close.onclick = () => {
          panel?.remove();
          panel = null;
        };
        box.append(close);
        save(null);
        return;
      }
      box.append(
        el('small', `${p.index + 1} / ${test.tasks.length}`),
        el('strong', task.title, 'display:block'),
        el('p', task.description),
      );
      const answer = task.allowTyping ? (el('textarea', null, 'width:100%') as HTMLTextAreaElement) : null;
      if (answer) box.append(answer);
      const finish = (status: 'done' | 'skipped') => {
        const text = answer?.value ?? '';
        void signal(INGEST_PATHS.uxtTaskSignal, {
          testId: test.id,
          taskId: task.taskId,
          status,
          ...(text ? { answer: text } : {}),
        });
        app.send([MessageType.UxtEvent, test.id, task.taskId, status, text]);
        const next = { testId: test.id, index: p.index + 1 };
        if (next.index >= test.tasks.length) {
          void signal(INGEST_PATHS.uxtTestSignal, { testId: test.id, status: 'done' });
          app.send([MessageType.UxtEvent, test.id, 0, 'done', '']);
          show(next);
        } else startTask(next);
      };
      const done = el('button', 'Done');
      done.onclick = () => finish('done');
      const skip = el('button', 'Skip');
      skip.onclick = () => finish('skipped');
      box.append(done, skip);
    };
    const startTask = (p: Progress) => {
      const task = test.tasks[p.index];
      if (task) {
        void signal(INGEST_PATHS.uxtTaskSignal, { testId: test.id, taskId: task.taskId, status: 'begin' });
        app.send([MessageType.UxtEvent, test.id, task.taskId, 'begin', '']);
      }
      show(p);
    };
    show(progress);
  }

  const off = app.attachStartCallback(start);
  if (app.session) start();
  return () => {
    off();
    panel?.remove();
    panel = null;
  };
}
