/** Conditional start (spec §7): conditions from the server decide when a cold-started tracker really starts. */
export interface ConditionFilter {
  type: string;
  operator: string;
  value: string[];
}
export interface Condition {
  name: string;
  capture_rate: number;
  filters: ConditionFilter[];
}

function matchString(op: string, actual: string, values: string[]): boolean {
  const a = actual.toLowerCase();
  const vs = values.map((v) => v.toLowerCase());
  switch (op) {
    case 'isAny':
      return true;
    case 'is':
      return vs.includes(a);
    case 'isNot':
      return !vs.includes(a);
    case 'contains':
      return vs.some((v) => a.includes(v));
    case 'notContains':
      return vs.every((v) => !a.includes(v));
    case 'startsWith':
      return vs.some((v) => a.startsWith(v));
    case 'endsWith':
      return vs.some((v) => a.endsWith(v));
    default:
      return false;
  }
}

function matchNumber(op: string, actual: number, values: string[]): boolean {
  const v = Number(values[0]);
  if (!Number.isFinite(v)) return false;
  switch (op) {
    case '>':
      return actual > v;
    case '>=':
      return actual >= v;
    case '<':
      return actual < v;
    case '<=':
      return actual <= v;
    case '=':
    case 'is':
      return actual === v;
    default:
      return false;
  }
}

export type ConditionEvent =
  | { type: 'click'; label: string; selector: string }
  | { type: 'custom_event'; name: string }
  | { type: 'network'; url: string; status: number; method: string }
  | { type: 'feature_flag'; key: string }
  | { type: 'duration'; ms: number };

/** Does one filter accept this event? A condition matches when every filter has been accepted once. */
export function filterAccepts(f: ConditionFilter, e: ConditionEvent): boolean {
  switch (f.type) {
    case 'click':
      return (
        e.type === 'click' &&
        (matchString(f.operator, e.label, f.value) || matchString(f.operator, e.selector, f.value))
      );
    case 'custom_event':
      return e.type === 'custom_event' && matchString(f.operator, e.name, f.value);
    case 'event':
      return (
        (e.type === 'custom_event' && matchString(f.operator, e.name, f.value)) ||
        (e.type === 'click' && matchString(f.operator, e.label, f.value))
      );
    case 'network_request':
    case 'fetch':
      return (
        e.type === 'network' &&
        (matchString(f.operator, e.url, f.value) || matchNumber(f.operator, e.status, f.value))
      );
    case 'feature_flag':
      return e.type === 'feature_flag' && matchString(f.operator, e.key, f.value);
    case 'session_duration':
      return e.type === 'duration' && matchNumber(f.operator, e.ms, f.value);
    default:
      return false;
  }
}

export class ConditionsMatcher {
  private seen: boolean[][];
  private fired = false;

  constructor(
    readonly conditions: Condition[],
    private readonly onMatch: (name: string) => void,
    private readonly random: () => number = Math.random,
  ) {
    this.seen = conditions.map((c) => c.filters.map(() => false));
  }

  feed(e: ConditionEvent): void {
    if (this.fired) return;
    this.conditions.forEach((c, ci) => {
      if (this.fired) return;
      c.filters.forEach((f, fi) => {
        if (filterAccepts(f, e)) this.seen[ci]![fi] = true;
      });
      if (c.filters.length > 0 && this.seen[ci]!.every(Boolean)) {
        this.seen[ci] = c.filters.map(() => false);
        if (this.random() * 100 < c.capture_rate) {
          this.fired = true;
          this.onMatch(c.name);
        }
      }
    });
  }

  onClick(label: string, selector: string): void {
    this.feed({ type: 'click', label, selector });
  }
  onCustomEvent(name: string): void {
    this.feed({ type: 'custom_event', name });
  }
  onNetwork(url: string, status: number, method: string): void {
    this.feed({ type: 'network', url, status, method });
  }
}
