import type * as Y from 'yjs';
import type { KeyChange, KeyWrite } from './part.ts';

/** Applies key writes (or rewrites) to `doc`, inside the caller's transaction; answers what each changed. */
export function applyKeyWrites(doc: Y.Doc, writes: readonly KeyWrite[]): KeyChange[] {
  return writes.flatMap(({ root, key, value }) => {
    const map = doc.getMap<unknown>(root);
    const before = map.get(key);
    if (value === undefined) {
      if (!map.has(key)) return [];
      map.delete(key);
    } else {
      if (JSON.stringify(before) === JSON.stringify(value)) return [];
      map.set(key, value);
    }
    return [{ root, key, before, after: value }];
  });
}
