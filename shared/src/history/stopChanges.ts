/**
 * The stops of "what changed" between two trip documents: added, removed, moved (their place among the others
 * changed: the fewest stops whose moving explains the new order, not every stop whose order key changed) and
 * changed, with each changed field before and after. A field's value is read as readers see it, so a key a
 * stop lacks and its default are no change. The order key, derived keys (the drive leg) and bookkeeping
 * (`createdAt`) are no field of a change.
 */
import type * as Y from 'yjs';
import type { z } from 'zod';
import type { ZFieldChange, ZStopChange } from '../contracts/history.ts';
import { longestIncreasingRun } from '../domain/increasingRun.ts';
import { messages } from '../messages.ts';
import { stopsMap, type RecordMap } from '../tripDoc/access.ts';
import { DERIVED_STOP_KEYS, STOP_FIELD_KEYS } from '../tripDoc/schema.ts';
import { orderedStopMaps, stopFieldValue } from '../tripDoc/stops.ts';
import type { Attribution } from './attribution.ts';
import { changedBy, deletedBy, membersOf } from './itemIds.ts';

type StopChange = z.infer<typeof ZStopChange>;
type FieldChange = z.infer<typeof ZFieldChange>;

/**
 * Keys that are no field of a change: the order (a move), what the server derives (the drive leg, and the drive
 * minutes that follow it: engine/src/road/legWrites.ts), when the stop was made.
 */
const NOT_FIELDS: ReadonlySet<string> = new Set(['pos', 'createdAt', 'estimatedDriveMinutes', ...DERIVED_STOP_KEYS]);
const COMPARED_KEYS = STOP_FIELD_KEYS.filter((key) => !NOT_FIELDS.has(key));

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const nameOf = (map: RecordMap): string => {
  const name = map.get('name');
  return typeof name === 'string' && name.trim() !== '' ? name : messages.history.changes.labels.unnamedStop;
};

/** Keys beyond the known fields (a newer client's) are compared too. */
function changedFields(before: RecordMap, after: RecordMap): FieldChange[] {
  const extra = new Set<string>();
  for (const map of [before, after]) for (const key of map.keys()) if (!NOT_FIELDS.has(key) && !(COMPARED_KEYS as string[]).includes(key)) extra.add(key);
  const fields: FieldChange[] = [];
  for (const field of [...COMPARED_KEYS, ...extra]) {
    const [was, is] = [stopFieldValue(before, field as never), stopFieldValue(after, field as never)];
    if (!same(was, is)) fields.push({ field, before: was ?? null, after: is ?? null });
  }
  return fields;
}

/** Every stop that changed, in the trip's order after the change, then the removed ones in their order before it. */
export function stopChanges(before: Y.Doc, after: Y.Doc, attribution: Attribution): StopChange[] {
  const [was, is] = [orderedStopMaps(before), orderedStopMaps(after)];
  const wasById = new Map(was.map((stop) => [stop.id, stop]));
  const isById = new Map(is.map((stop) => [stop.id, stop]));

  // Stops in both, in the order before, each with its place among them after: those outside the longest run still in
  // order moved (preferring to keep in it the stops whose order key is unchanged: the one beside them moved).
  const kept = was.filter((stop) => isById.has(stop.id));
  const placeAfter = new Map(is.filter((stop) => wasById.has(stop.id)).map((stop, index) => [stop.id, index]));
  const inRun = longestIncreasingRun(
    kept.map((stop) => placeAfter.get(stop.id)!),
    (index) => kept[index].pos === isById.get(kept[index].id)!.pos,
  );
  const moved = new Set(kept.filter((_, index) => !inRun[index]).map((stop) => stop.id));

  const changes: StopChange[] = [];
  const afterMap = stopsMap(after) as Y.Map<unknown>;
  for (const { id, map } of is) {
    const old = wasById.get(id);
    if (!old) {
      changes.push({ stopId: id, name: nameOf(map), kind: 'added', fields: [], by: membersOf([changedBy(afterMap, id, attribution)]) });
      continue;
    }
    const fields = changedFields(old.map, map);
    const isMoved = moved.has(id);
    if (!isMoved && fields.length === 0) continue;
    const by = [
      ...(isMoved ? [changedBy(map as Y.Map<unknown>, 'pos', attribution)] : []),
      ...fields.map(({ field }) => changedBy(map as Y.Map<unknown>, field, attribution)),
    ];
    changes.push({ stopId: id, name: nameOf(map), kind: isMoved ? 'moved' : 'changed', fields, by: membersOf(by) });
  }
  const beforeMap = stopsMap(before) as Y.Map<unknown>;
  for (const { id, map } of was) {
    if (isById.has(id)) continue;
    const by = changedBy(afterMap, id, attribution) ?? deletedBy(beforeMap, id, attribution);
    changes.push({ stopId: id, name: nameOf(map), kind: 'removed', fields: [], by: membersOf([by]) });
  }
  return changes;
}
