import { CONFIRM_DEFAULTS } from '@atrium/protocol/assist';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openConfirm } from './confirm-window.ts';
import { Recording, RecordingState } from './recording.ts';

const press = (label: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === label)?.click();

function setup() {
  const events: string[] = [];
  const r = new Recording({
    confirm: () => openConfirm(document, CONFIRM_DEFAULTS.recording),
    accepted: (id) => events.push(`accepted:${id}`),
    rejected: (id) => events.push(`rejected:${id}`),
    busy: (id) => events.push(`busy:${id}`),
    stopped: (id) => events.push(`stopped:${id}`),
    border: (on) => events.push(`border:${on}`),
  });
  return { r, events };
}

describe('recording consent (spec 2 §4)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('accept shows the border and records; busy while recording; stop by the recording agent only', async () => {
    const { r, events } = setup();
    r.request('a1', null);
    expect(document.body.textContent).toContain('Agent requested to record activity in this browser tab.');
    r.request('a2', null); // ignored while Requested
    press('Allow Recording');
    await vi.waitFor(() => expect(r.state).toBe(RecordingState.Recording));
    r.request('a2', null);
    r.stop('a2');
    expect(r.state).toBe(RecordingState.Recording);
    r.stop('a1');
    expect(r.state).toBe(RecordingState.Off);
    expect(events).toEqual(['border:true', 'accepted:a1', 'busy:a2', 'border:false', 'stopped:a1']);
  });

  it('decline returns to Off with the rejected reply; no agent left stops a recording', async () => {
    const { r, events } = setup();
    r.request('a1', null);
    press('Reject');
    await vi.waitFor(() => expect(r.state).toBe(RecordingState.Off));
    r.request('a1', null);
    press('Allow Recording');
    await vi.waitFor(() => expect(r.state).toBe(RecordingState.Recording));
    r.stop(null);
    expect(r.state).toBe(RecordingState.Off);
    expect(events).toEqual(['rejected:a1', 'border:true', 'accepted:a1', 'border:false', 'stopped:a1']);
  });
});
