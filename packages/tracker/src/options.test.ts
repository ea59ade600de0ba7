// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { TrackerErrors } from './errors.ts';
import {
  DEFAULT_CONSOLE_METHODS,
  DEFAULT_IGNORED_HEADERS,
  doNotTrackIsOn,
  hasRequiredFeatures,
  resolveOptions,
} from './options.ts';

describe('options (spec §3, §5)', () => {
  it('must be an object with a string projectKey', () => {
    for (const bad of [
      null,
      undefined,
      'k',
      42,
      [],
      {},
      { projectKey: {} },
      { projectKey: '' },
      { projectKey: Number.NaN },
    ]) {
      expect(resolveOptions(bad, 'https://x'), JSON.stringify(bad)).toEqual({
        ok: false,
        error: TrackerErrors.projectKey,
      });
    }
  });
  it('converts a numeric projectKey to a string with a warning', () => {
    const onWarning = vi.fn();
    const r = resolveOptions({ projectKey: 123, onWarning }, 'https://x');
    expect(r.ok && r.options.projectKey).toBe('123');
    expect(onWarning).toHaveBeenCalledWith(TrackerErrors.projectKeyNumber);
  });
  it('accepts the deprecated projectID with a warning', () => {
    const onWarning = vi.fn();
    const r = resolveOptions({ projectID: 9, onWarning }, 'https://x');
    expect(r.ok && r.options.projectKey).toBe('9');
    expect(onWarning).toHaveBeenCalledWith(TrackerErrors.projectID);
  });
  it('defaults: ingest at the page origin, spec §9 headers and console methods, payloads off', () => {
    const r = resolveOptions({ projectKey: 'k' }, 'https://portal.example');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.options.ingestPoint).toBe('https://portal.example/ingest');
    expect(r.options.network.ignoreHeaders).toEqual(DEFAULT_IGNORED_HEADERS);
    expect(DEFAULT_IGNORED_HEADERS).toEqual(['cookie', 'set-cookie', 'authorization']);
    expect(DEFAULT_CONSOLE_METHODS).toEqual(['log', 'info', 'warn', 'error', 'debug', 'assert']);
    expect(r.options.network.capturePayload).toBe(false);
    expect(r.options.tabIdKey).toBe('__openreplay_tabid');
    expect(r.options.obscureInputDates).toBe(false);
    // Resource timings are a cheap observer callback; the performance track's frame loop costs, so it is opt-in.
    expect(r.options.captureResourceTimings).toBe(true);
    expect(r.options.capturePerformanceTrack).toBe(false);
    expect(resolveOptions({ projectKey: 'k', ingestPoint: 'https://i.example/x/' }, 'o').ok && true).toBe(
      true,
    );
  });
  it('takes the resource timing and performance track switches', () => {
    const r = resolveOptions(
      { projectKey: 'k', captureResourceTimings: false, capturePerformanceTrack: true },
      'https://x',
    );
    expect(r.ok && [r.options.captureResourceTimings, r.options.capturePerformanceTrack]).toEqual([
      false,
      true,
    ]);
  });
  it('checks the required browser features', () => {
    expect(hasRequiredFeatures(window as unknown as Window & typeof globalThis)).toBe(
      typeof Worker === 'function',
    );
    const without = new Proxy(window, { get: (t, k) => (k === 'Worker' ? undefined : Reflect.get(t, k)) });
    expect(hasRequiredFeatures(without as Window & typeof globalThis)).toBe(false);
  });
  it('reads Do Not Track', () => {
    const w = (dnt: string | null) => ({ navigator: { doNotTrack: dnt } }) as unknown as Window;
    expect(doNotTrackIsOn(w('1'))).toBe(true);
    expect(doNotTrackIsOn(w('yes'))).toBe(true);
    expect(doNotTrackIsOn(w('0'))).toBe(false);
    expect(doNotTrackIsOn(w(null))).toBe(false);
  });
});

describe('error catalogue (spec §8), verbatim', () => {
  it('has every tracker error string', () => {
    expect(TrackerErrors.alreadyStarted).toBe(
      'OpenReplay: trying to call start() on the instance that has been started already',
    );
    expect(TrackerErrors.noWorker).toBe('No worker found: perhaps, CSP is not set.');
    expect(TrackerErrors.serverError(503, 'down')).toBe('Server error: 503. down');
    expect(TrackerErrors.incorrectResponse).toBe('Incorrect server response');
    expect(TrackerErrors.noWorkerAfterStart).toBe('no worker found after start request');
    expect(TrackerErrors.unknown).toBe('Unknown error');
    expect(TrackerErrors.unsupported).toBe("Browser doesn't support required api, or doNotTrack is active.");
    expect(TrackerErrors.notInBrowser).toBe('Trying to start not in browser.');
    expect(TrackerErrors.notInitialized).toBe('Tracker not initialized');
    expect(TrackerErrors.oneInstance).toBe('one tracker instance has been initialised already');
  });
});
