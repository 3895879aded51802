/**
 * Restoring a version of the trip (docs/product.md#trip-history) as a new forward change: what to write to the live
 * document so its content is the version's again, whole or one stop or one entry. Only content is restored: the
 * stops and the parts' roots (../parts/registry.ts); never suggestions, comments, activity or meta, never a derived
 * key (the drive leg: the server derives it again). What the version holds and the live document deleted comes back
 * under a new id (a deleted id is never used again: ../parts/keys.ts), and everything naming the old id names the
 * new one (an item's list, a tick, a vote's poll, an expense's stop). The plan is plain data: the server can judge its
 * key writes (judgeWrites) before applyRestorePlan writes it, through the stop writers and applyKeyWrites, in one
 * transaction (one change for every member, one Undo).
 */
import type * as Y from 'yjs';
import { DOC_ID } from '../parts/keys.ts';
import { applyKeyWrites } from '../parts/applyKeyWrites.ts';
import { CHECKLIST_ROOTS } from '../parts/index.ts';
import type { KeyWrite } from '../parts/part.ts';
import { partOfRoot, TRIP_PARTS } from '../parts/registry.ts';
import { stopsMap, type RecordMap } from '../tripDoc/access.ts';
import { DERIVED_STOP_KEYS, STOP_FIELD_KEYS, type DocStopFields } from '../tripDoc/schema.ts';
import { addStop, appendStops, deleteStop, moveStop, orderedStops, putStopsInOrder, stopFieldValue, updateStop, type NewStop } from '../tripDoc/stops.ts';
import { renameInKey, renameInValue } from './renamedIds.ts';

export type RestoreTarget = { whole: true } | { stopId: string } | { root: string; key: string };

/** A stop the version holds and the live document does not, brought back under a new id. */
export interface RestoredStop {
  id: string;
  /** Its id in the version. */
  versionId: string;
  /** Every field as the version held it (no order key, no derived key). */
  fields: NewStop;
  /** Its place among the live stops (0-based); null: after them (a whole restore's `order` places it). */
  index: number | null;
}

export interface RestorePlan {
  /** Live stops the version does not hold. */
  removeStops: string[];
  addStops: RestoredStop[];
  /** Fields of live stops put back as the version held them. */
  updateStops: Array<{ id: string; fields: Partial<Omit<DocStopFields, 'pos'>> }>;
  /** A single stop put back in its place: just after the stop before it in the version (0-based among the others). */
  moveStops: Array<{ id: string; index: number }>;
  /** A whole restore: every stop in the version's order (new ids for those brought back); null: the order is left. */
  order: string[] | null;
  /** The parts' keys to set (or clear: value undefined), as the part's writers answer them. */
  keyWrites: KeyWrite[];
  /** Each stop's or entry's id in the version → the new id it comes back under. */
  newIds: Record<string, string>;
}

/** Keys the plan never writes on a stop: the order (placed by `order` / `moveStops`), and what the server derives. */
const NOT_RESTORED: ReadonlySet<string> = new Set(['pos', ...DERIVED_STOP_KEYS]);
const RESTORED_KEYS = STOP_FIELD_KEYS.filter((key) => !NOT_RESTORED.has(key));
/** Roots whose keys are another root's entry ids (a tick is keyed by its item): they follow that entry's id. */
const REFERRING_ROOTS: ReadonlySet<string> = new Set([CHECKLIST_ROOTS.done]);
const PART_ROOTS = TRIP_PARTS.flatMap((part) => part.roots);

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
/** A key that is its entry's own id: brought back under a new one. */
const isEntryId = (root: string, key: string) => DOC_ID.test(key) && !REFERRING_ROOTS.has(root);

const emptyPlan = (): RestorePlan => ({ removeStops: [], addStops: [], updateStops: [], moveStops: [], order: null, keyWrites: [], newIds: {} });

/** Stop ids in trip order. */
const stopOrder = (doc: Y.Doc): string[] => orderedStops(doc).map((stop) => stop.id);

/** A stop's fields as the version holds them, to add it again. */
function storedFields(map: RecordMap, newIds: ReadonlyMap<string, string>): NewStop {
  const fields = Object.fromEntries(Object.entries(map.toJSON()).filter(([key]) => !NOT_RESTORED.has(key)));
  return renameInValue(fields, newIds) as NewStop;
}

/** The fields of a live stop that differ from the version's, read as readers see them (a lacking key is its default). */
function fieldPatch(version: RecordMap, live: RecordMap): Partial<Omit<DocStopFields, 'pos'>> {
  const patch: Record<string, unknown> = {};
  for (const key of RESTORED_KEYS) {
    const was = stopFieldValue(version, key);
    if (was !== undefined && !same(was, stopFieldValue(live, key))) patch[key] = was;
  }
  return patch;
}

/** Whether the version holds what `target` names. */
export function versionHolds(version: Y.Doc, target: RestoreTarget): boolean {
  if ('whole' in target) return true;
  if ('stopId' in target) return stopsMap(version).has(target.stopId);
  return partOfRoot(target.root) !== undefined && version.getMap<unknown>(target.root).has(target.key);
}

/**
 * What to write to `live` so that what `target` names is as `version` holds it (`version` and `live` are states of
 * one trip's document). `newId` makes the ids of what comes back. Nothing for a target the version does not hold.
 */
export function planRestore(live: Y.Doc, version: Y.Doc, target: RestoreTarget, newId: () => string): RestorePlan {
  if (!versionHolds(version, target)) return emptyPlan();
  if ('whole' in target) return planWhole(live, version, newId);
  if ('stopId' in target) return planStop(live, version, target.stopId, newId);
  return planEntry(live, version, target.root, target.key, newId);
}

function planWhole(live: Y.Doc, version: Y.Doc, newId: () => string): RestorePlan {
  const plan = emptyPlan();
  const newIds = new Map<string, string>();
  const [liveStops, versionStops] = [stopsMap(live), stopsMap(version)];
  const versionOrder = stopOrder(version);
  for (const id of versionOrder) if (!liveStops.has(id)) newIds.set(id, newId());
  for (const root of PART_ROOTS) {
    const liveMap = live.getMap<unknown>(root);
    for (const key of version.getMap<unknown>(root).keys()) if (isEntryId(root, key) && !liveMap.has(key)) newIds.set(key, newId());
  }

  liveStops.forEach((_, id) => {
    if (!versionStops.has(id)) plan.removeStops.push(id);
  });
  for (const id of versionOrder) {
    const map = versionStops.get(id)!;
    const liveMap = liveStops.get(id);
    if (!liveMap) {
      plan.addStops.push({ id: newIds.get(id)!, versionId: id, fields: storedFields(map, newIds), index: null });
      continue;
    }
    const fields = fieldPatch(map, liveMap);
    if (Object.keys(fields).length) plan.updateStops.push({ id, fields });
  }
  plan.order = versionOrder.map((id) => newIds.get(id) ?? id);

  for (const root of PART_ROOTS) {
    const [liveMap, versionMap] = [live.getMap<unknown>(root), version.getMap<unknown>(root)];
    const wanted = new Map<string, unknown>();
    for (const [key, value] of versionMap.entries()) wanted.set(renameInKey(key, newIds), renameInValue(value, newIds));
    for (const [key, value] of wanted) if (!liveMap.has(key) || !same(liveMap.get(key), value)) plan.keyWrites.push({ root, key, value });
    for (const key of liveMap.keys()) if (!wanted.has(key)) plan.keyWrites.push({ root, key, value: undefined });
  }
  plan.newIds = Object.fromEntries(newIds);
  return plan;
}

/** The stop's place among the live stops but itself: just after the nearest stop before it in the version that is live. */
function placeOf(live: Y.Doc, version: Y.Doc, stopId: string): number {
  const others = stopOrder(live).filter((id) => id !== stopId);
  const placed = new Map(others.map((id, index) => [id, index]));
  const versionOrder = stopOrder(version);
  const at = versionOrder.indexOf(stopId);
  for (let index = at - 1; index >= 0; index--) {
    const before = placed.get(versionOrder[index]);
    if (before !== undefined) return before + 1;
  }
  // None before it is live: just before the nearest one after it.
  for (let index = at + 1; index < versionOrder.length; index++) {
    const after = placed.get(versionOrder[index]);
    if (after !== undefined) return after;
  }
  return 0;
}

function planStop(live: Y.Doc, version: Y.Doc, stopId: string, newId: () => string): RestorePlan {
  const plan = emptyPlan();
  const map = stopsMap(version).get(stopId)!;
  const liveMap = stopsMap(live).get(stopId);
  const index = placeOf(live, version, stopId);
  if (!liveMap) {
    const id = newId();
    plan.newIds[stopId] = id;
    plan.addStops.push({ id, versionId: stopId, fields: storedFields(map, new Map()), index });
    return plan;
  }
  const fields = fieldPatch(map, liveMap);
  if (Object.keys(fields).length) plan.updateStops.push({ id: stopId, fields });
  plan.moveStops.push({ id: stopId, index });
  return plan;
}

/**
 * One entry as the version holds it; a checklist item with its tick (the tick is part of the item), and, when its
 * list is gone, the list too (an item stands in a live list only: the judge deletes it again otherwise).
 */
function planEntry(live: Y.Doc, version: Y.Doc, root: string, key: string, newId: () => string): RestorePlan {
  const plan = emptyPlan();
  const newIds = new Map<string, string>();
  const put = (entryRoot: string, entryKey: string) => {
    const liveMap = live.getMap<unknown>(entryRoot);
    if (isEntryId(entryRoot, entryKey) && !liveMap.has(entryKey)) newIds.set(entryKey, newId());
    return () => {
      const value = version.getMap<unknown>(entryRoot).get(entryKey);
      const [to, renamed] = [renameInKey(entryKey, newIds), renameInValue(value, newIds)];
      if (value === undefined ? liveMap.has(to) : !same(liveMap.get(to), renamed)) plan.keyWrites.push({ root: entryRoot, key: to, value: renamed });
    };
  };
  const writes = [put(root, key)];
  if (root === CHECKLIST_ROOTS.items) {
    const listId = (version.getMap<unknown>(root).get(key) as { listId?: unknown } | undefined)?.listId;
    if (typeof listId === 'string' && !live.getMap<unknown>(CHECKLIST_ROOTS.lists).has(listId) && version.getMap<unknown>(CHECKLIST_ROOTS.lists).has(listId)) {
      writes.unshift(put(CHECKLIST_ROOTS.lists, listId));
    }
    writes.push(put(CHECKLIST_ROOTS.done, key));
  }
  for (const write of writes) write();
  plan.newIds = Object.fromEntries(newIds);
  return plan;
}

/** Writes `plan` to `doc` in one transaction: one change for every member, one Undo for whoever restored. */
export function applyRestorePlan(doc: Y.Doc, plan: RestorePlan): void {
  doc.transact(() => {
    for (const id of plan.removeStops) deleteStop(doc, id);
    appendStops(
      doc,
      plan.addStops.filter((stop) => stop.index === null),
    );
    for (const stop of plan.addStops) if (stop.index !== null) addStop(doc, stop.id, stop.fields, stop.index);
    for (const { id, fields } of plan.updateStops) updateStop(doc, id, fields);
    for (const { id, index } of plan.moveStops) moveStop(doc, id, index);
    if (plan.order) putStopsInOrder(doc, plan.order);
    applyKeyWrites(doc, plan.keyWrites);
  });
}
