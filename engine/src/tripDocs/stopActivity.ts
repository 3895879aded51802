/**
 * Activity entries for stop changes, written the same whichever door the change came through (the REST
 * commands and members' live edits, see ./liveStopChanges.ts), so both leave the same rows:
 * - stop_added    {stopName, stopId}              (the type and data every client knows; stopId: who added a stop)
 * - stop_deleted  {stopName, stopId}
 * - stop_visited  {stopName, stopId, visited}     visited false: marked not visited again
 * - stop_moved    {stopName, stopId, otherStops?} one stop changed place (otherStops: others moved with it)
 * - stops_reordered {stopCount}                   several at once (Optimise Route's arrangement)
 * - stop_updated  {stopName, stopId}              its details (STOP_DETAIL_KEYS) changed; stopName is the new name
 * - stop_plan_updated {stopName, stopId}          its plan (PLAN_STOP_FIELD_KEYS) changed
 * - stop_arrived  {stopName, stopId, arrivedAt}   "We're here": its real arrival was set
 * - stop_running_late {stopName, stopId, delayMinutes} "We're running late": the group sets off for it that much later
 * Clients that know only stop_added show the others as a generic update.
 *
 * Moves coalesce: a move or a rearrangement is not recorded when the actor's newest entry is one made less than
 * MOVE_COALESCE_MS ago, whatever others recorded since. A drag's steps, arrow-key nudges
 * and a quick undo make one entry, also while others edit at the same time; moving other stops in that window
 * marks the entry once (`otherStops`) instead of adding one entry per stop, which every member would apply
 * (an entry per move doubles a busy trip's live delivery time). The
 * rule reads only the document, so every door and process agrees.
 */
import type * as Y from 'yjs';
import { activityArray, type DocActivity, type RecordMap } from '@caravan/shared';
import { recordActivity, type ActivityActor } from './activityRecorder.ts';

export const MOVE_COALESCE_MS = 2 * 60_000;

/** A stop's own details: a change to any of them, through either door, records 'stop_updated'. */
export const STOP_DETAIL_KEYS = ['name', 'address', 'notes', 'latitude', 'longitude'] as const;

export type StopChange =
  | { kind: 'added'; stopId: string; stopName: string }
  | { kind: 'deleted'; stopId: string; stopName: string }
  | { kind: 'visited'; stopId: string; stopName: string; visited: boolean }
  | { kind: 'moved'; stopId: string; stopName: string }
  | { kind: 'edited'; stopId: string; stopName: string }
  | { kind: 'planned'; stopId: string; stopName: string }
  | { kind: 'arrived'; stopId: string; stopName: string; arrivedAt: string }
  | { kind: 'runningLate'; stopId: string; stopName: string; delayMinutes: number }
  | { kind: 'reordered'; stopCount: number };

/** Call inside the write's transaction. Returns the entry, or null for a move folded into a recent one. */
export function recordStopChange(doc: Y.Doc, actor: ActivityActor, change: StopChange, now: Date = new Date()): DocActivity | null {
  switch (change.kind) {
    case 'added':
      return recordActivity(doc, actor, 'stop_added', { stopName: change.stopName, stopId: change.stopId }, now);
    case 'deleted':
      return recordActivity(doc, actor, 'stop_deleted', { stopName: change.stopName, stopId: change.stopId }, now);
    case 'visited':
      return recordActivity(doc, actor, 'stop_visited', { stopName: change.stopName, stopId: change.stopId, visited: change.visited }, now);
    case 'edited':
      return recordActivity(doc, actor, 'stop_updated', { stopName: change.stopName, stopId: change.stopId }, now);
    case 'planned':
      return recordActivity(doc, actor, 'stop_plan_updated', { stopName: change.stopName, stopId: change.stopId }, now);
    case 'arrived':
      return recordActivity(doc, actor, 'stop_arrived', { stopName: change.stopName, stopId: change.stopId, arrivedAt: change.arrivedAt }, now);
    case 'runningLate':
      return recordActivity(doc, actor, 'stop_running_late', { stopName: change.stopName, stopId: change.stopId, delayMinutes: change.delayMinutes }, now);
    case 'moved':
    case 'reordered': {
      const record = moveRecord(doc, actor, change, now);
      if (record === 'nothing') return null;
      if (record !== 'new') {
        markOtherStops(record);
        return null;
      }
      return change.kind === 'moved'
        ? recordActivity(doc, actor, 'stop_moved', { stopName: change.stopName, stopId: change.stopId }, now)
        : recordActivity(doc, actor, 'stops_reordered', { stopCount: change.stopCount }, now);
    }
  }
}

const markOtherStops = (entry: RecordMap) => entry.set('activityData', { ...(entry.get('activityData') as object), otherStops: true });

/**
 * Whether recording `change` now would write nothing (a move folded into a recent entry that already says it
 * all). The live door asks first: most of a busy trip's moves record nothing, and a transaction costs even so.
 */
export function recordsNothing(doc: Y.Doc, actor: ActivityActor, change: StopChange, now: Date = new Date()): boolean {
  return (change.kind === 'moved' || change.kind === 'reordered') && moveRecord(doc, actor, change, now) === 'nothing';
}

/**
 * How a move or a rearrangement is recorded: a new entry, nothing, or the actor's recent move entry to mark with
 * `otherStops`. Either folds into the actor's recent entry of either kind (a move that re-keys a neighbour's
 * order key reads as a rearrangement of two).
 */
function moveRecord(doc: Y.Doc, actor: ActivityActor, change: StopChange & { kind: 'moved' | 'reordered' }, now: Date): 'new' | 'nothing' | RecordMap {
  const recent = recentOwnEntry(doc, actor, now);
  const type = recent?.get('activityType');
  if (type === 'stops_reordered') return 'nothing';
  if (type !== 'stop_moved') return 'new';
  const data = (recent!.get('activityData') ?? {}) as Record<string, unknown>;
  return (change.kind === 'moved' && data.stopId === change.stopId) || data.otherStops === true ? 'nothing' : recent!;
}

/** The actor's newest entry, if it was made less than MOVE_COALESCE_MS ago. */
function recentOwnEntry(doc: Y.Doc, actor: ActivityActor, now: Date): RecordMap | null {
  // Entries are stamped with toISOString(), whose text sorts as its time: compared as text, not parsed for each.
  const since = new Date(now.getTime() - MOVE_COALESCE_MS).toISOString();
  for (const entry of newestFirst(activityArray(doc))) {
    const at = entry.get('createdAt');
    if (typeof at !== 'string' || at <= since) return null;
    if (entry.get('userId') === actor.id) return entry;
  }
  return null;
}

/**
 * An array's values from the newest back, read off its list of items: this runs on every move of a stop, and
 * `Y.Array.get(index)` seeks from a search marker on every call.
 */
function* newestFirst<T>(array: Y.Array<T>): Generator<T> {
  for (let item = lastItem(array); item; item = item.left) {
    if (item.deleted || !item.countable) continue;
    const values = item.content.getContent() as T[];
    for (let index = values.length - 1; index >= 0; index -= 1) yield values[index];
  }
}

/** Each activity array's last item as last found: new entries go after it, so the next search walks from there. */
const lastItems = new WeakMap<Y.AbstractType<any>, Y.Item>();

/**
 * The array's last item, walked to from the one found last time while that one is still in the list (Yjs drops an
 * item from it when it merges the item into its left neighbour), else from the start (200 entries and the
 * tombstones of those trimmed before them).
 */
function lastItem(array: Y.AbstractType<any>): Y.Item | null {
  const seen = lastItems.get(array);
  let last = seen && (seen.left ? seen.left.right === seen : array._start === seen) ? seen : array._start;
  while (last?.right) last = last.right;
  if (last) lastItems.set(array, last);
  return last;
}
