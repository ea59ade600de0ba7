/** The ids with `id` moved one place up (-1) or down (+1); unchanged at either end. */
export function moved(ids: string[], id: string, by: -1 | 1): string[] {
  const i = ids.indexOf(id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= ids.length) return ids;
  const next = [...ids];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/** The ids with `dragged` dropped in the place of `target` (drag and drop). */
export function dropped(ids: string[], dragged: string, target: string): string[] {
  if (dragged === target) return ids;
  const rest = ids.filter((id) => id !== dragged);
  const at = rest.indexOf(target);
  if (at < 0) return ids;
  const from = ids.indexOf(dragged);
  const to = ids.indexOf(target);
  rest.splice(from < to ? at + 1 : at, 0, dragged);
  return rest;
}
