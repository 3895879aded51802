/**
 * The parts' entries of "what changed" between two trip documents: every key of every part's root (checklists,
 * votes and polls, shared costs …: ../parts/registry.ts) added, removed or holding another value, with words for
 * the entry and who did it.
 */
import type * as Y from 'yjs';
import type { z } from 'zod';
import type { ZEntryChange } from '../contracts/history.ts';
import { TRIP_PARTS } from '../parts/registry.ts';
import type { Attribution } from './attribution.ts';
import { entryLabel } from './entryLabel.ts';
import { changedBy, deletedBy, membersOf } from './itemIds.ts';

type EntryChange = z.infer<typeof ZEntryChange>;

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Every changed entry, part by part and root by root, in each root's key order (after the change, then the removed). */
export function entryChanges(before: Y.Doc, after: Y.Doc, attribution: Attribution, names: ReadonlyMap<number, string>): EntryChange[] {
  const changes: EntryChange[] = [];
  const docs = [after, before];
  for (const part of TRIP_PARTS) {
    for (const root of part.roots) {
      const [was, is] = [before.getMap<unknown>(root), after.getMap<unknown>(root)];
      const entry = (key: string, kind: EntryChange['kind'], old: unknown, now: unknown, by: number | null): EntryChange => ({
        part: part.name,
        root,
        key,
        kind,
        label: entryLabel(root, key, now ?? old, docs, names),
        before: old ?? null,
        after: now ?? null,
        by: membersOf([by]),
      });
      for (const [key, value] of is.entries()) {
        if (!was.has(key)) changes.push(entry(key, 'added', undefined, value, changedBy(is, key, attribution)));
        else if (!same(was.get(key), value)) changes.push(entry(key, 'changed', was.get(key), value, changedBy(is, key, attribution)));
      }
      for (const [key, value] of was.entries()) {
        if (is.has(key)) continue;
        changes.push(entry(key, 'removed', value, undefined, changedBy(is, key, attribution) ?? deletedBy(was, key, attribution)));
      }
    }
  }
  return changes;
}
