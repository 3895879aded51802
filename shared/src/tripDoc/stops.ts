/**
 * The stop list. Order is `pos` (a fractional index), then id; a move rewrites one `pos`, so two people
 * moving the same stop at once still end with one stop, and concurrent adds never collide.
 */
import * as Y from 'yjs';
import { EMPTY_PLAN_STOP_FIELDS, type PlanStopFieldKey } from '../contracts/planFields.ts';
import { EMPTY_PROGRESS_STOP_FIELDS, type ProgressStopFieldKey } from '../contracts/progressFields.ts';
import { longestIncreasingRun } from '../domain/increasingRun.ts';
import { isOrderKey, keyBetween, keysBetween } from '../domain/orderKeys.ts';
import { recordMap, stopsMap, type RecordMap } from './access.ts';
import { STOP_FIELD_KEYS, type DocStop, type DocStopFields, type DerivedStopKey, type OwnerOnlyStopKey, type StopFieldKey } from './schema.ts';

export type NewStop = Pick<DocStopFields, 'name'> & Partial<Omit<DocStopFields, 'pos'>>;

/** A stored `pos` that is not text (the server's own writes are not checked) sorts as the empty key, first. */
const sortKey = (pos: unknown): string => (typeof pos === 'string' ? pos : '');

const compareStops = (a: { pos: unknown; id: string }, b: { pos: unknown; id: string }) => {
  const [left, right] = [sortKey(a.pos), sortKey(b.pos)];
  return left < right ? -1 : left > right ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/**
 * Owner-only and derived keys are absent from a stop until the owner (or the server) sets them, so an editor's
 * add never writes them; plan keys are absent until someone plans the stop (a stop stored before them reads empty).
 */
const ABSENT_KEY_DEFAULTS = {
  ...EMPTY_PLAN_STOP_FIELDS,
  ...EMPTY_PROGRESS_STOP_FIELDS,
  visited: false,
  visitedAt: null,
  plannedArrivalDate: null,
  autoScheduled: false,
  journalContent: null,
  photos: null,
  driveLeg: null,
} as const;

/** One field of a stop as readers see it (an owner-only key the stop lacks reads as its default); `map` undefined: a new, empty stop. */
export function stopFieldValue(map: RecordMap | undefined, key: StopFieldKey): unknown {
  return map?.has(key) ? map.get(key) : (ABSENT_KEY_DEFAULTS as Partial<Record<StopFieldKey, unknown>>)[key];
}

export function readStop(id: string, map: RecordMap): DocStop {
  // Object.assign, not spreads: this runs for every stop on every change, and spreads cost ~15× more here.
  return Object.assign({}, ABSENT_KEY_DEFAULTS, map.toJSON() as DocStopFields, { id });
}

/** The stops' maps in trip order, with no field read but the key (a reader that caches rows: engine's stop projection). */
export function orderedStopMaps(doc: Y.Doc): Array<{ id: string; map: RecordMap; pos: unknown }> {
  const stops: Array<{ id: string; map: RecordMap; pos: unknown }> = [];
  stopsMap(doc).forEach((map, id) => stops.push({ id, map, pos: map.get('pos') }));
  return stops.sort(compareStops);
}

/** Stops in trip order. */
export function orderedStops(doc: Y.Doc): DocStop[] {
  return orderedStopMaps(doc).map(({ id, map }) => readStop(id, map));
}

/**
 * Gives a new key, in the current order, to every stop of `stops` (sorted) whose key cannot be placed beside:
 * one fractional-indexing refuses (stored before keys were checked) or one tied with the stop before it (two
 * replicas picked it at once). Other stops keep theirs, so afterwards the keys strictly increase and any gap
 * takes a key. Writes nothing when they already do. Run inside a transaction; updates `stops` in place.
 * True when it re-keyed any.
 */
function repairKeys(doc: Y.Doc, stops: DocStop[]): boolean {
  let kept: string | null = null;
  let run: DocStop[] = [];
  let repaired = false;
  const rekeyRun = (next: string | null) => {
    if (run.length === 0) return;
    keysBetween(kept, next, run.length).forEach((pos, index) => {
      run[index].pos = pos;
      stopsMap(doc).get(run[index].id)?.set('pos', pos);
    });
    run = [];
    repaired = true;
  };
  for (const stop of stops) {
    if (isOrderKey(stop.pos) && (kept === null || stop.pos > kept)) {
      rekeyRun(stop.pos);
      kept = stop.pos;
    } else {
      run.push(stop);
    }
  }
  rekeyRun(null);
  return repaired;
}

/** Stops in trip order, every key one a new key can be placed beside (see repairKeys). */
function placeableStops(doc: Y.Doc, except?: string): DocStop[] {
  const stops = orderedStops(doc).filter((stop) => stop.id !== except);
  repairKeys(doc, stops);
  return stops;
}

/** The order key for a stop placed at `at` among `others` (sorted, keys placeable). */
const keyAt = (others: DocStop[], at: number): string => keyBetween(others[at - 1]?.pos ?? null, others[at]?.pos ?? null);

/**
 * Re-keys the stops whose order keys cannot be placed beside (see repairKeys), keeping the order readers show;
 * true when any key changed. The writers here repair on the way, so only stored documents need this.
 */
export function repairOrderKeys(doc: Y.Doc): boolean {
  let repaired = false;
  doc.transact(() => (repaired = repairKeys(doc, orderedStops(doc))));
  return repaired;
}

export function stopDefaults(now: Date = new Date()): Omit<DocStopFields, 'name' | 'pos' | OwnerOnlyStopKey | DerivedStopKey | PlanStopFieldKey | ProgressStopFieldKey> {
  return {
    address: null,
    notes: null,
    latitude: 0,
    longitude: 0,
    estimatedDriveMinutes: null,
    createdAt: now.toISOString(),
  };
}

/** Adds a stop at `index` (the end when omitted) and returns it. */
export function addStop(doc: Y.Doc, id: string, fields: NewStop, index?: number): DocStop {
  doc.transact(() => {
    const stops = placeableStops(doc);
    const at = Math.max(0, Math.min(index ?? stops.length, stops.length));
    stopsMap(doc).set(id, recordMap({ ...stopDefaults(), ...fields, pos: keyAt(stops, at) }));
  });
  return findStop(doc, id)!;
}

/**
 * Adds stops after the last one, in the given order, in one transaction (one change for others, one Undo for
 * the author): "Import places" adds a file's places so. The order keys come in one pass, so adding a thousand
 * stops does not read the list a thousand times.
 */
export function appendStops(doc: Y.Doc, stops: ReadonlyArray<{ id: string; fields: NewStop }>): void {
  if (stops.length === 0) return;
  const createdAt = new Date();
  doc.transact(() => {
    const keys = keysBetween(placeableStops(doc).at(-1)?.pos ?? null, null, stops.length);
    stops.forEach(({ id, fields }, index) => {
      stopsMap(doc).set(id, recordMap({ ...stopDefaults(createdAt), ...fields, pos: keys[index] }));
    });
  });
}

/** The size of the update appendStops would send for these stops, measured by making it in a scratch document. */
export function appendedStopsBytes(stops: ReadonlyArray<{ id: string; fields: NewStop }>): number {
  const scratch = new Y.Doc();
  appendStops(scratch, stops);
  const bytes = Y.encodeStateAsUpdate(scratch).byteLength;
  scratch.destroy();
  return bytes;
}

/** Whether the stop stands at `newOrder` (0-based; past the end means last) already: moving it there changes nothing. */
export function stopIsAt(doc: Y.Doc, id: string, newOrder: number): boolean {
  const stops = orderedStops(doc);
  return stops.findIndex((stop) => stop.id === id) === Math.min(newOrder, stops.length - 1);
}

/**
 * Moves a stop so it ends at `newOrder` (0-based) among the others; false when there is no such stop. A stop
 * already in place keeps its order key: no update, and no "moved" for anyone, whichever door it came through.
 */
export function moveStop(doc: Y.Doc, id: string, newOrder: number): boolean {
  const map = stopsMap(doc).get(id);
  if (!map) return false;
  if (stopIsAt(doc, id, newOrder)) return true;
  doc.transact(() => {
    const others = placeableStops(doc, id);
    map.set('pos', keyAt(others, Math.max(0, Math.min(newOrder, others.length))));
  });
  return true;
}

/**
 * Puts the named stops in this order at the head of the list, in one transaction (one change for others, one
 * Undo for the author): "Optimise route" applies its proposal so. Ids not in the document are skipped; stops
 * not named follow in their order. Only stops out of place get a new order key. True when anything moved.
 */
export function arrangeStops(doc: Y.Doc, ids: readonly string[]): boolean {
  let moved = false;
  doc.transact(() => {
    const present = ids.filter((id) => stopsMap(doc).has(id));
    present.forEach((id, index) => {
      if (orderedStops(doc)[index]?.id === id) return;
      moveStop(doc, id, index);
      moved = true;
    });
  });
  return moved;
}

/**
 * Puts the named stops in this order, in one transaction: restoring a version brings its whole order back so. Only
 * the stops outside the longest run already in this order get a new key (a restore that changes little moves
 * little); stops not named keep theirs. Ids not in the document are skipped. True when any key changed.
 */
export function putStopsInOrder(doc: Y.Doc, ids: readonly string[]): boolean {
  let moved = false;
  doc.transact(() => {
    const stops = placeableStops(doc);
    const place = new Map(stops.map((stop, index) => [stop.id, index]));
    const named = [...new Set(ids)].filter((id) => place.has(id));
    const inRun = longestIncreasingRun(named.map((id) => place.get(id)!));
    let kept: string | null = null;
    let run: string[] = [];
    const rekeyRun = (next: string | null) => {
      if (run.length === 0) return;
      keysBetween(kept, next, run.length).forEach((pos, index) => stopsMap(doc).get(run[index])?.set('pos', pos));
      run = [];
      moved = true;
    };
    named.forEach((id, index) => {
      if (!inRun[index]) return void run.push(id);
      const pos = stops[place.get(id)!].pos;
      rekeyRun(pos);
      kept = pos;
    });
    rekeyRun(null);
  });
  return moved;
}

/** Writes the given fields of a stop; false when there is no such stop. */
export function updateStop(doc: Y.Doc, id: string, patch: Partial<Omit<DocStopFields, 'pos'>>): boolean {
  const map = stopsMap(doc).get(id);
  if (!map) return false;
  doc.transact(() => {
    for (const key of STOP_FIELD_KEYS) {
      const value = patch[key as keyof typeof patch];
      if (value !== undefined && map.get(key) !== value) map.set(key, value);
    }
  });
  return true;
}

export function deleteStop(doc: Y.Doc, id: string): boolean {
  if (!stopsMap(doc).has(id)) return false;
  stopsMap(doc).delete(id);
  return true;
}

export function findStop(doc: Y.Doc, id: string): DocStop | null {
  const map = stopsMap(doc).get(id);
  return map ? readStop(id, map) : null;
}
