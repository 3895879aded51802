/**
 * Field-by-field equality for the plain records read from the live document, one level deep (array
 * fields such as `photos` compare by their items). Used to keep unchanged records' identities between
 * reads, so memoized rows and cards skip rendering.
 */
export function sameShallow<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(b) as Array<keyof T>;
  if (Object.keys(a).length !== keys.length) return false;
  for (const key of keys) {
    const left = a[key];
    const right = b[key];
    if (left === right) continue;
    if (Array.isArray(left) && Array.isArray(right) && left.length === right.length && left.every((item, i) => item === right[i])) continue;
    return false;
  }
  return true;
}

/** `next` with each record that equals its previous version (by id) replaced by that previous object. */
export function keepUnchanged<T extends { id: string }>(previous: ReadonlyMap<string, T>, next: T[]): { items: T[]; byId: Map<string, T>; changed: boolean } {
  const byId = new Map<string, T>();
  let changed = next.length !== previous.size;
  const items = next.map((item) => {
    const old = previous.get(item.id);
    const kept = old && sameShallow(old, item) ? old : item;
    if (kept !== old) changed = true;
    byId.set(item.id, kept);
    return kept;
  });
  return { items, byId, changed };
}
