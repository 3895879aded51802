/**
 * The check every Yjs update from a client passes before it reaches the room's document
 * (docs/architecture.md#a-trip-changes-through-two-doors): what members write to the document's parts (votes and
 * polls, checklists, shared costs: shared/src/parts) is judged by each part's own rule, as REST's writes are;
 * owners and editors write stops and their known
 * fields with valid values, viewers no stop at all; nothing else is written; a field the role may not write
 * (shared/src/domain/tripPermissions.ts decides) keeps its value, unless the whole stop is deleted —
 * re-creating a stop under its id does not clear it either. Any breach refuses the whole update; what an honest
 * device may write offline and may still not stand (a late vote, an id deleted meanwhile, a date far from the
 * server's clock) is taken and put right at once instead (`rewrites`: shared/src/parts/rewrites.ts). Limits count
 * live entries plus the update's new ones; the commit holds them again against what other processes committed
 * (engine/src/tripDocs/commitLimits.ts). Where each item lands is worked out in ./updateStructure.ts.
 */
import * as Y from 'yjs';
import {
  COLLAB_LIMITS,
  ROOT,
  STOP_FIELD_KEYS,
  stopFieldSchemas,
  stopFieldValue,
  stopsMap,
  type StopFieldKey,
  type TTripRole,
  canEditStops,
  canWriteLiveDoc,
  isDerivedStopKey,
  mayWriteStopKey,
  judgeWrites,
  partOfRoot,
  type KeyWrite,
  type Rewrite,
} from '@caravan/shared';
import {
  MALFORMED,
  readUpdateStructure,
  type DeleteSet,
  type PlacedItem,
  type UpdateStructure,
} from './updateStructure.ts';

/**
 * `deletes`: the update's delete set, which its acknowledgement lists once durable (a deletion advances no clock).
 * `legsToCheck`: stops re-created with a leg in them (an Undo of a delete restores the stop as it was, its
 * leg included); the server computes those legs again rather than trust them.
 * `rewrites`: late votes, entries under deleted ids and authorship dates, taken and put right once applied
 * (shared/src/parts/rewrites.ts).
 */
export type UpdateVerdict =
  | { ok: true; deletes: DeleteSet; legsToCheck: string[]; rewrites: Rewrite[] }
  | { ok: false; reason: string };

/** A viewer's write to stops: the connection drops it, as it always has, rather than close the socket. */
export const READ_ONLY = 'read-only connection';
export const MAX_UPDATE_BYTES = 1024 * 1024;
export const MAX_STOPS = COLLAB_LIMITS.maxStopsPerTrip;
/** Stop ids are lower-case uuids, as PostgreSQL prints them: the projection's `stops.id` (and what references it) is a uuid column. */
export const STOP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const idKey = (id: Y.ID) => `${id.client}:${id.clock}`;
const isStopField = (key: string): key is StopFieldKey => Object.hasOwn(stopFieldSchemas, key);
/** Why `key` is not the role's to write: the owner's, or the server's to derive. */
const keyRefusal = (key: StopFieldKey) => `${isDerivedStopKey(key) ? 'server-derived' : 'owner-only'} stop key: ${key}`;
const refuse = (reason: string): UpdateVerdict => ({ ok: false, reason });

/** Who sends an update. */
export interface UpdateWriter {
  role: TTripRole;
  /** The only member whose votes it may write and whose own expenses and payments are theirs to change (none: no entry is theirs). */
  userId?: number | null;
  /** The trip's current members, the only ones a checklist item is given to or shared costs name (none: nobody). */
  members?: ReadonlyMap<number, string>;
}

const NO_MEMBERS: ReadonlyMap<number, string> = new Map();

/** Decides whether `writer` may apply `update` (Yjs v1 update bytes) to `doc` (the room's current document) at `now`. */
export function checkClientUpdate(doc: Y.Doc, update: Uint8Array, writer: UpdateWriter, now: Date = new Date()): UpdateVerdict {
  const { role, userId = null, members = NO_MEMBERS } = writer;
  if (update.byteLength > MAX_UPDATE_BYTES) return refuse('update too large');
  try {
    const structure = readUpdateStructure(doc, update);
    if (typeof structure === 'string') return refuse(structure);
    if (!canWriteLiveDoc(role)) {
      return isEmpty(structure) ? { ok: true, deletes: structure.ds, legsToCheck: [], rewrites: [] } : refuse(READ_ONLY);
    }
    const legsToCheck: string[] = [];
    const rewrites: Rewrite[] = [];
    // Every key the update sets or clears on a part's roots (../../shared/src/parts), judged by the part's own rule.
    const keyWrites: KeyWrite[] = [];
    const reason =
      checkInserted(doc, structure.inserted, role, legsToCheck, keyWrites) ??
      checkDeleted(structure.deleted, structure.ds, role, keyWrites) ??
      judgeParts(doc, keyWrites, { role, userId, members }, now, rewrites);
    return reason === null ? { ok: true, deletes: structure.ds, legsToCheck, rewrites } : refuse(reason);
  } catch {
    // Crafted bytes can trip Yjs' internals in ways decoding alone does not catch; never let them throw.
    return refuse(MALFORMED);
  }
}

function judgeParts(doc: Y.Doc, writes: KeyWrite[], writer: Required<UpdateWriter>, now: Date, rewrites: Rewrite[]): string | null {
  if (writes.length === 0) return null;
  const verdict = judgeWrites(doc, writes, writer, now);
  if (verdict.refusal !== null) return verdict.refusal;
  rewrites.push(...verdict.rewrites);
  return null;
}

/**
 * The one plain value a part's item carries (undefined: a deleted one), or null for anything else. An `undefined`
 * set as a value is none: read as a deletion, it would hold a key that no limit counts.
 */
function plainValue(item: Y.Item): { value: unknown } | null {
  if (item.content instanceof Y.ContentDeleted) return { value: undefined };
  if (item.content instanceof Y.ContentAny && item.content.arr.length === 1 && item.content.arr[0] !== undefined) return { value: item.content.arr[0] };
  return null;
}

function isEmpty(structure: UpdateStructure): boolean {
  return structure.structCount === 0 && [...structure.ds.clients.values()].every((ranges) => ranges.length === 0);
}

function checkInserted(
  doc: Y.Doc,
  inserted: PlacedItem[],
  role: TTripRole,
  legsToCheck: string[],
  keyWrites: KeyWrite[],
): string | null {
  const newStopIds = new Set<string>();
  const newStopItems = new Set(
    inserted.flatMap(({ item, place }) => (place?.container.kind === 'stops' && !item.deleted ? [idKey(item.id)] : [])),
  );
  for (const { item, place } of inserted) {
    if (place === null) continue; // Yjs keeps it as GC: nothing of it lands in the document.
    const { container, key } = place;
    const part = container.kind === 'root' && key !== null ? partOfRoot(container.name) : undefined;
    if (part && container.kind === 'root' && key !== null) {
      const carried = plainValue(item);
      if (carried === null) return part.notPlain(container.name, key);
      keyWrites.push({ root: container.name, key, value: carried.value });
      continue;
    }
    if (container.kind === 'elsewhere' || container.kind === 'root' || key === null) return 'write outside stops';
    if (!canEditStops(role)) return READ_ONLY;
    // A deleted item carries no value; it may still take a key's slot (and so delete its current value).
    const deleted = item.content instanceof Y.ContentDeleted;
    if (container.kind === 'stops') {
      if (!STOP_ID.test(key)) return 'invalid stop id';
      if (deleted) continue;
      if (!(item.content instanceof Y.ContentType && item.content.type instanceof Y.Map)) return 'stop must be a map';
      newStopIds.add(key);
      continue;
    }
    // The key is client text: quoted and cut so the reason is safe to log.
    if (!isStopField(key)) return `unknown stop key: ${JSON.stringify(key.slice(0, 64))}`;
    if (!mayWriteStopKey(role, key)) {
      // A derived key inside a stop this update creates is a restored copy (Undo): let it in, and recompute it.
      const restored = isDerivedStopKey(key) && container.kind === 'stop' && newStopItems.has(idKey(container.stopItem.id));
      if (!restored) return keyRefusal(key);
      legsToCheck.push(container.stopItem.parentSub!);
    }
    if (deleted) continue;
    const content = item.content;
    if (!(content instanceof Y.ContentAny) || content.arr.length !== 1) return `invalid value for ${key}`;
    // The field table's own message, so a refusal reads as the REST door's does for the same value.
    const parsed = stopFieldSchemas[key].safeParse(content.arr[0]);
    if (!parsed.success) return `invalid value for ${key}: ${parsed.error.issues[0].message}`;
  }
  if (newStopIds.size === 0) return null;
  return checkReplaced(doc, newStopIds, role) ?? (countStops(doc, newStopIds) > MAX_STOPS ? 'too many stops' : null);
}

/**
 * A stop map set under the id of a live stop (after deleting it in the same update, or beside it) replaces
 * that stop whole, whichever way it got there. The new map holds no field the role may not write (refused
 * above), so it would turn each of those fields back to its default: refused unless the live stop's value
 * is the default already. Strict where the new map would lose to another (it then changes nothing), which
 * no client's own edit produces: stops are added under fresh ids. Only adds pay for this check.
 */
function checkReplaced(doc: Y.Doc, newStopIds: ReadonlySet<string>, role: TTripRole): string | null {
  const stops = stopsMap(doc);
  for (const id of newStopIds) {
    const live = stops.get(id);
    if (!live) continue;
    for (const key of STOP_FIELD_KEYS) {
      if (!mayWriteStopKey(role, key) && stopFieldValue(live, key) !== stopFieldValue(undefined, key)) {
        return keyRefusal(key);
      }
    }
  }
  return null;
}

/** Stops after the update: live ones in the doc plus ids the update adds that are not live yet. */
function countStops(doc: Y.Doc, newStopIds: Set<string>): number {
  const live = doc.share.get(ROOT.stops)?._map ?? new Map<string, Y.Item>();
  let count = 0;
  for (const [id, item] of live) {
    if (!item.deleted) {
      count++;
      newStopIds.delete(id);
    }
  }
  return count + newStopIds.size;
}

function checkDeleted(
  deleted: PlacedItem[],
  ds: DeleteSet,
  role: TTripRole,
  keyWrites: KeyWrite[],
): string | null {
  for (const { place } of deleted) {
    if (place === null) continue;
    const { container, key } = place;
    if (container.kind === 'root' && key !== null && partOfRoot(container.name)) {
      keyWrites.push({ root: container.name, key, value: undefined });
      continue;
    }
    if (container.kind === 'elsewhere' || container.kind === 'root' || key === null) return 'write outside stops';
    if (!canEditStops(role)) return READ_ONLY;
    if (container.kind === 'stop' && isStopField(key) && !mayWriteStopKey(role, key)) {
      // Deleting a stop deletes its fields too; only a stop that is gone (or goes now) frees them.
      const stop = container.stopItem;
      if (!stop.deleted && !Y.isDeleted(ds, stop.id)) return keyRefusal(key);
    }
  }
  return null;
}
