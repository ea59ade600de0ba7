import { readSessionToken } from './session-token.ts';

/** An early answer nobody took by then (the page never asked: signed out, navigated away) is dropped. */
const UNCLAIMED_MS = 30_000;

interface EarlyGet {
  response: Promise<Response>;
  controller: AbortController;
}
interface EarlyGets {
  /** Paths asked for early on this page load, taken or not: each is asked early once at most. */
  started: Set<string>;
  waiting: Map<string, EarlyGet>;
}

// On the global object, not in this module: the page's classic early script (its own bundle, run before the
// app's modules are in) and the app's bundle each have a copy of this file and must share one list.
const SLOT = Symbol.for('atrium.earlyGets');
const earlyGets = (): EarlyGets => {
  const global = globalThis as { [SLOT]?: EarlyGets };
  global[SLOT] ??= { started: new Set(), waiting: new Map() };
  return global[SLOT];
};

/** A GET as the signed-in user makes it (spec 1 §7: cookies included, the token as a Bearer token). */
export function getAsUser(url: string, signal?: AbortSignal, accept = 'application/json'): Promise<Response> {
  const token = readSessionToken();
  return fetch(url, {
    credentials: 'include',
    headers: token ? { accept, authorization: `Bearer ${token}` } : { accept },
    signal,
  });
}

/**
 * The answer with its body read as it arrives and held until taken. Left unread, the browser stops reading
 * the connection once ~1 MB of it waits, so a recording would arrive only when the app's code got to it.
 */
function drained(response: Response): Response {
  if (!response.body) return response;
  const held = new TransformStream<Uint8Array, Uint8Array>(
    undefined,
    new CountQueuingStrategy({ highWaterMark: Number.POSITIVE_INFINITY }),
  );
  return new Response(response.body.pipeThrough(held), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * Asks for `path` (same origin, as the signed-in user) now, before the code that needs it has loaded, and
 * keeps the answer for that code (`takeEarlyGet`); a path already asked for early on this page is not asked
 * again. What the page would ask for anyway, sooner: each answer is the page's own read, taken once.
 */
export function startEarlyGet(path: string, origin = '', accept?: string): void {
  const gets = earlyGets();
  if (gets.started.has(path)) return;
  gets.started.add(path);
  const controller = new AbortController();
  const response = getAsUser(`${origin}${path}`, controller.signal, accept).then(drained);
  // Nobody may ever take it: a failure is the page's to report, through its own request.
  response.catch(() => undefined);
  const entry = { response, controller };
  gets.waiting.set(path, entry);
  setTimeout(() => {
    if (gets.waiting.get(path) !== entry) return;
    gets.waiting.delete(path);
    controller.abort();
  }, UNCLAIMED_MS);
}

/**
 * The early answer to `path`, once, if it came back ok (null otherwise: no early request, taken already,
 * failed or refused — the caller asks itself, so an error shown is its own request's). Aborting `signal`
 * aborts the early request.
 */
export async function takeEarlyGet(path: string, signal?: AbortSignal): Promise<Response | null> {
  const gets = earlyGets();
  const entry = gets.waiting.get(path);
  if (!entry) return null;
  gets.waiting.delete(path);
  if (signal?.aborted) entry.controller.abort();
  else signal?.addEventListener('abort', () => entry.controller.abort(), { once: true });
  const response = await entry.response.catch(() => null);
  if (response?.ok) return response;
  await response?.body?.cancel().catch(() => undefined);
  return null;
}
