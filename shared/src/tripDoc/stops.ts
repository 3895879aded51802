/**
 * The stop list. Order is `pos` (a fractional index), then id; a move rewrites one `pos`, so two people
 * moving the same stop at once still end with one stop, and concurrent adds never collide.
 */
import * as Y from 'yjs';
import { keyBetween, keysBetween } from '../domain/orderKeys.ts';
import { recordMap, stopsMap, type RecordMap } from './access.ts';
import { STOP_FIELD_KEYS, type DocStop, type DocStopFields, type DerivedStopKey, type OwnerOnlyStopKey, type StopFieldKey } from './schema.ts';

export type NewStop = Pick<DocStopFields, 'name'> & Partial<Omit<DocStopFields, 'pos'>>;

const compareStops = (a: { pos: string; id: string }, b: { pos: string; id: string }) =>
  a.pos < b.pos ? -1 : a.pos > b.pos ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * Owner-only and derived keys are absent from a stop until the owner (or the server) sets them, so an editor's
 * add never writes them.
 */
const OWNER_ONLY_DEFAULTS = {
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
  return map?.has(key) ? map.get(key) : (OWNER_ONLY_DEFAULTS as Partial<Record<StopFieldKey, unknown>>)[key];
}

function readStop(id: string, map: RecordMap): DocStop {
  // Object.assign, not spreads: this runs for every stop on every change, and spreads cost ~15× more here.
  return Object.assign({}, OWNER_ONLY_DEFAULTS, map.toJSON() as DocStopFields, { id });
}

/** Stops in trip order. */
export function orderedStops(doc: Y.Doc): DocStop[] {
  const stops: DocStop[] = [];
  stopsMap(doc).forEach((map, id) => stops.push(readStop(id, map)));
  return stops.sort(compareStops);
}

/**
 * The order key for a stop placed at `at` among `others` (sorted). Two replicas may have picked the same
 * key concurrently; when the stop after the gap ties with the one before it, that stop is re-keyed too.
 */
function placeAt(doc: Y.Doc, others: DocStop[], at: number): string {
  const before = others[at - 1]?.pos ?? null;
  const next = others[at];
  if (!next || before === null || next.pos > before) return keyBetween(before, next?.pos ?? null);
  const after = others.slice(at + 1).find((stop) => stop.pos > before)?.pos ?? null;
  const nextPos = keyBetween(before, after);
  stopsMap(doc).get(next.id)?.set('pos', nextPos);
  return keyBetween(before, nextPos);
}

export function stopDefaults(now: Date = new Date()): Omit<DocStopFields, 'name' | 'pos' | OwnerOnlyStopKey | DerivedStopKey> {
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
  const stops = orderedStops(doc);
  const at = Math.max(0, Math.min(index ?? stops.length, stops.length));
  doc.transact(() => {
    stopsMap(doc).set(id, recordMap({ ...stopDefaults(), ...fields, pos: placeAt(doc, stops, at) }));
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
  const last = orderedStops(doc).at(-1)?.pos ?? null;
  const keys = keysBetween(last, null, stops.length);
  const createdAt = new Date();
  doc.transact(() => {
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

/** Moves a stop so it ends at `newOrder` (0-based) among the others; false when there is no such stop. */
export function moveStop(doc: Y.Doc, id: string, newOrder: number): boolean {
  const map = stopsMap(doc).get(id);
  if (!map) return false;
  const others = orderedStops(doc).filter((stop) => stop.id !== id);
  const at = Math.max(0, Math.min(newOrder, others.length));
  doc.transact(() => map.set('pos', placeAt(doc, others, at)));
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
