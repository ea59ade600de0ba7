import { CONFIRM_DEFAULTS, REMOTE_CONTROL_TIMEOUT_MS } from '@atrium/protocol/assist';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openConfirm } from './confirm-window.ts';
import { RCStatus, RemoteControl } from './remote-control.ts';

function setup() {
  const events: string[] = [];
  const rc = new RemoteControl({
    storage: sessionStorage,
    key: '__openreplay_control_peer',
    confirm: () => openConfirm(document, CONFIRM_DEFAULTS.control),
    granted: (id) => events.push(`granted:${id}`),
    released: (id, denied) => events.push(`released:${id}:${denied}`),
    busy: (id) => events.push(`busy:${id}`),
  });
  return { rc, events };
}
const dialog = () => document.querySelector('[data-assist="confirm"]');
const press = (label: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === label)?.click();

describe('remote control (spec 2 §4)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('a request opens the confirm window with the spec texts; granting enables control and stores the agent', async () => {
    const { rc, events } = setup();
    rc.request('a1', '小芸');
    expect(rc.status).toBe(RCStatus.Requesting);
    expect(dialog()?.textContent).toContain('Agent requested remote control. Allow?');
    expect((dialog() as HTMLElement).style.zIndex).toBe('2147483646');
    press('Grant Remote Control');
    await vi.waitFor(() => expect(rc.status).toBe(RCStatus.Enabled));
    expect(rc.isGranted('a1')).toBe(true);
    expect(rc.isGranted('a2')).toBe(false);
    expect(sessionStorage.getItem('__openreplay_control_peer')).toBe('a1');
    expect(events).toEqual(['granted:a1']);
    expect(dialog()).toBeNull();
  });

  it('declining releases as denied and goes back to Disabled', async () => {
    const { rc, events } = setup();
    rc.request('a1', null);
    press('Reject');
    await vi.waitFor(() => expect(rc.status).toBe(RCStatus.Disabled));
    expect(events).toEqual(['released:a1:true']);
  });

  it('30 s without an answer releases and closes the window', () => {
    vi.useFakeTimers();
    const { rc, events } = setup();
    rc.request('a1', null);
    vi.advanceTimersByTime(REMOTE_CONTROL_TIMEOUT_MS - 1);
    expect(rc.status).toBe(RCStatus.Requesting);
    vi.advanceTimersByTime(1);
    expect(rc.status).toBe(RCStatus.Disabled);
    expect(events).toEqual(['released:a1:true']);
    expect(dialog()).toBeNull();
  });

  it('busy for another agent while requesting or enabled; the same agent asking again withdraws', async () => {
    const { rc, events } = setup();
    rc.request('a1', null);
    rc.request('a2', null);
    rc.request('a1', null);
    expect(rc.status).toBe(RCStatus.Disabled);
    expect(dialog()).toBeNull();
    rc.request('a1', null);
    press('Grant Remote Control');
    await vi.waitFor(() => expect(rc.status).toBe(RCStatus.Enabled));
    rc.request('a2', null);
    expect(events).toEqual(['busy:a2', 'released:a1:false', 'granted:a1', 'busy:a2']);
  });

  it('hiding keeps the stored agent, so showing again resumes only if that agent is still there', async () => {
    const { rc, events } = setup();
    rc.request('a1', null);
    press('Grant Remote Control');
    await vi.waitFor(() => expect(rc.status).toBe(RCStatus.Enabled));
    rc.release(false, true);
    expect(rc.status).toBe(RCStatus.Disabled);
    expect(sessionStorage.getItem('__openreplay_control_peer')).toBe('a1');
    expect(rc.resume(() => undefined)).toBe(false);
    expect(rc.resume((id) => (id === 'a1' ? '小芸' : undefined))).toBe(true);
    expect(rc.isGranted('a1')).toBe(true);
    rc.releaseFor('a2');
    expect(rc.isGranted('a1')).toBe(true);
    rc.releaseFor('a1');
    expect(sessionStorage.getItem('__openreplay_control_peer')).toBeNull();
    expect(events).toEqual(['granted:a1', 'released:a1:false', 'granted:a1', 'released:a1:false']);
  });
});
