import { describe, expect, it } from 'vitest';
import { pageAt } from './page-at.ts';
import type { EventItem } from './recording.ts';

const at = (time: number, label: string, kind: EventItem['kind'] = 'location'): EventItem => ({
  time,
  kind,
  label,
  detail: '',
});

describe('the address bar over the player', () => {
  const activity = [
    at(1000, 'https://portal.example/tasks'),
    at(1500, 'button 接取任務', 'click'),
    at(3000, 'https://portal.example/tasks/t-1?token=abc123&tab=info'),
    at(5000, 'https://portal.example/training'),
  ];

  it('shows the page of the moment, following loads and SPA moves', () => {
    expect(pageAt(activity, 1000)).toBe('https://portal.example/tasks');
    expect(pageAt(activity, 2999)).toBe('https://portal.example/tasks');
    expect(pageAt(activity, 9000)).toBe('https://portal.example/training');
  });

  it('redacts credentials in the address', () => {
    expect(pageAt(activity, 3000)).toBe('https://portal.example/tasks/t-1?token=[redacted]&tab=info');
  });

  it('shows the first page before it was recorded, and nothing for a tab without pages', () => {
    expect(pageAt(activity, 0)).toBe('https://portal.example/tasks');
    expect(pageAt([at(10, 'click', 'click')], 100)).toBe('');
  });
});
