import { MessageType } from '@atrium/protocol/tracker/messages';
import type { App } from '../app.ts';
import type { NetworkRecord } from '../options.ts';

const MAX_BODY = 100_000;
const DEFAULT_TOKEN_HEADER = 'X-Atrium-Session-Token';

function filterHeaders(h: Record<string, string>, ignore: string[] | boolean): Record<string, string> {
  if (ignore === true) return {};
  const drop = new Set((ignore === false ? [] : ignore).map((x) => x.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (!drop.has(k.toLowerCase())) out[k.toLowerCase()] = v;
  return out;
}

function headersObject(h: HeadersInit | Headers | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!h) return out;
  new Headers(h).forEach((v, k) => {
    out[k] = v;
  });
  return out;
}

function parseRawHeaders(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

const bodyText = (b: unknown): string | null =>
  typeof b === 'string'
    ? b
    : b instanceof URLSearchParams
      ? b.toString()
      : b == null
        ? null
        : `[${Object.prototype.toString.call(b).slice(8, -1)}]`;

function isGraphQL(url: string, body: string | null): boolean {
  if (/\/graphql\b/.test(url)) return true;
  return !!body && body.startsWith('{') && /"query"\s*:/.test(body);
}

/** fetch, XMLHttpRequest and sendBeacon (spec §3 network record, §8 GraphQL rule, §9 headers and bodies). */
export function networkModule(app: App): () => void {
  const w = app.env.window;
  const o = app.options.network;
  let active = true;
  const ingest = app.options.ingestPoint;
  const tokenHeader = o.sessionTokenHeader === true ? DEFAULT_TOKEN_HEADER : o.sessionTokenHeader || null;
  const sameOrigin = (url: string) => {
    try {
      return new URL(url, w.location.href).origin === w.location.origin;
    } catch {
      return false;
    }
  };
  const ours = (url: string) => url.startsWith(ingest);
  const absolute = (url: string) => {
    try {
      return new URL(url, w.location.href).href;
    } catch {
      return url; // the browser will report the bad URL itself
    }
  };

  const emit = (r: NetworkRecord, graphqlBody: string | null) => {
    if (!active) return;
    if (graphqlBody !== null) r.status = graphqlBody.includes('"errors"') ? 400 : 200;
    app.conditions?.onNetwork(r.url, r.status, r.method);
    if (o.failuresOnly && r.status > 0 && r.status < 400) return;
    r.request.headers = filterHeaders(r.request.headers, o.ignoreHeaders);
    r.response.headers = filterHeaders(r.response.headers, o.ignoreHeaders);
    if (!o.capturePayload) {
      r.request.body = null;
      r.response.body = null;
    } else {
      if (r.request.body && r.request.body.length > MAX_BODY)
        r.request.body = `${r.request.body.slice(0, MAX_BODY)}…`;
      if (r.response.body && r.response.body.length > MAX_BODY)
        r.response.body = `${r.response.body.slice(0, MAX_BODY)}…`;
    }
    const final = o.sanitizer ? o.sanitizer(r) : r;
    if (!final) return;
    app.send([
      MessageType.NetworkRequest,
      final.requestType,
      final.method,
      final.url,
      JSON.stringify(final.request),
      JSON.stringify(final.response),
      final.status,
      final.startTime,
      final.duration,
      final.responseSize,
    ]);
  };

  // ---- fetch ----
  const origFetch = w.fetch;
  const patchedFetch = function (
    this: unknown,
    input: RequestInfo | URL,
    init?: RequestInit,
  ): Promise<Response> {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!active || ours(url)) return origFetch.call(this ?? w, input, init);
    const abs = absolute(url);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const reqHeaders = headersObject(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const reqBody = bodyText(init?.body);
    if (tokenHeader && app.session && sameOrigin(abs)) {
      const h = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      h.set(tokenHeader, app.session.token);
      init = { ...init, headers: h };
    }
    const startTime = Date.now();
    const t0 = w.performance.now();
    return origFetch.call(this ?? w, input, init).then(
      (res) => {
        const duration = Math.round(w.performance.now() - t0);
        const graphql = isGraphQL(abs, reqBody);
        const needBody = o.capturePayload || graphql;
        const len = Number(res.headers.get('content-length') ?? '0');
        const finish = (text: string | null) =>
          emit(
            {
              requestType: 'fetch',
              method,
              url: abs,
              request: { headers: reqHeaders, body: reqBody },
              response: { headers: headersObject(res.headers), body: text },
              status: res.status,
              startTime,
              duration,
              responseSize: len || (text?.length ?? 0),
            },
            graphql ? (text ?? '') : null,
          );
        if (needBody && len <= 5_000_000) {
          res
            .clone()
            .text()
            .then(finish, () => finish(null));
        } else finish(null);
        return res;
      },
      (err: unknown) => {
        emit(
          {
            requestType: 'fetch',
            method,
            url: abs,
            request: { headers: reqHeaders, body: reqBody },
            response: { headers: {}, body: null },
            status: 0,
            startTime,
            duration: Math.round(w.performance.now() - t0),
            responseSize: 0,
          },
          null,
        );
        throw err;
      },
    );
  } as typeof fetch;
  w.fetch = patchedFetch;

  // ---- XMLHttpRequest ----
  const XHR = w.XMLHttpRequest?.prototype;
  const origOpen = XHR?.open;
  const origSend = XHR?.send;
  const origSetHeader = XHR?.setRequestHeader;
  type Meta = { method: string; url: string; headers: Record<string, string> };
  const meta = new WeakMap<XMLHttpRequest, Meta>();
  if (XHR && origOpen && origSend && origSetHeader) {
    XHR.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
      meta.set(this, {
        method: method.toUpperCase(),
        url: new URL(String(url), w.location.href).href,
        headers: {},
      });
      return (origOpen as (...a: unknown[]) => void).call(this, method, url, ...rest);
    } as typeof XHR.open;
    XHR.setRequestHeader = function (this: XMLHttpRequest, name: string, value: string) {
      const m = meta.get(this);
      if (m) m.headers[name.toLowerCase()] = value;
      return origSetHeader.call(this, name, value);
    };
    XHR.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      const m = meta.get(this);
      if (active && m && !ours(m.url)) {
        if (tokenHeader && app.session && sameOrigin(m.url))
          origSetHeader.call(this, tokenHeader, app.session.token);
        const startTime = Date.now();
        const t0 = w.performance.now();
        const reqBody = bodyText(body);
        this.addEventListener(
          'loadend',
          () => {
            const textual = this.responseType === '' || this.responseType === 'text';
            const text = textual ? this.responseText : null;
            emit(
              {
                requestType: 'xhr',
                method: m.method,
                url: m.url,
                request: { headers: m.headers, body: reqBody },
                response: { headers: parseRawHeaders(this.getAllResponseHeaders()), body: text },
                status: this.status,
                startTime,
                duration: Math.round(w.performance.now() - t0),
                responseSize: text?.length ?? 0,
              },
              isGraphQL(m.url, reqBody) ? (text ?? '') : null,
            );
          },
          { once: true },
        );
      }
      return origSend.call(this, body);
    };
  }

  // ---- sendBeacon ----
  const nav = w.navigator;
  const origBeacon = nav.sendBeacon;
  if (typeof origBeacon === 'function') {
    nav.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      const ok = origBeacon.call(nav, url, data);
      const abs = absolute(String(url));
      if (active && !ours(abs)) {
        emit(
          {
            requestType: 'beacon',
            method: 'POST',
            url: abs,
            request: { headers: {}, body: bodyText(data) },
            response: { headers: {}, body: null },
            status: ok ? 200 : 0,
            startTime: Date.now(),
            duration: 0,
            responseSize: 0,
          },
          null,
        );
      }
      return ok;
    };
  }

  return () => {
    active = false; // wrappers someone else wrapped stay in place but pass straight through
    if (w.fetch === patchedFetch) w.fetch = origFetch;
    if (XHR && origOpen && origSend && origSetHeader) {
      XHR.open = origOpen;
      XHR.send = origSend;
      XHR.setRequestHeader = origSetHeader;
    }
    if (typeof origBeacon === 'function') nav.sendBeacon = origBeacon;
  };
}
