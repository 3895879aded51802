/**
 * Activity entries for stop changes, written the same whichever door the change came through (the REST
 * commands and members' live edits, see ./liveStopChanges.ts), so both leave the same rows:
 * - stop_added    {stopName}                      (SPEC-2 §3's type, data as SPEC-2 names it)
 * - stop_deleted  {stopName, stopId}
 * - stop_visited  {stopName, stopId, visited}     visited false: marked not visited again
 * - stop_moved    {stopName, stopId, otherStops?} one stop changed place (otherStops: others moved with it)
 * - stops_reordered {stopCount}                   several at once (Optimise Route's arrangement)
 * SPEC-2 names only stop_added; its clients show the others as a generic update.
 *
 * Moves coalesce: a move is not recorded when the actor's newest entry is their move (or a rearrangement, for
 * one) made less than MOVE_COALESCE_MS ago, whatever others recorded since. A drag's steps, arrow-key nudges
 * and a quick undo make one entry, also while others edit at the same time; moving other stops in that window
 * marks the entry once (`otherStops`) instead of adding one entry per stop, which every member would apply
 * (a busy trip's live delivery p99 doubled with an entry per move: bench/history/collab-session-16.md). The
 * rule reads only the document, so every door and process agrees.
 */
import type * as Y from 'yjs';
import { activityArray, type DocActivity, type RecordMap } from '@caravan/shared';
import { recordActivity, type ActivityActor } from './activityRecorder.ts';

export const MOVE_COALESCE_MS = 2 * 60_000;

export type StopChange =
  | { kind: 'added'; stopName: string }
  | { kind: 'deleted'; stopId: string; stopName: string }
  | { kind: 'visited'; stopId: string; stopName: string; visited: boolean }
  | { kind: 'moved'; stopId: string; stopName: string }
  | { kind: 'reordered'; stopCount: number };

/** Call inside the write's transaction. Returns the entry, or null for a move folded into the previous one. */
export function recordStopChange(doc: Y.Doc, actor: ActivityActor, change: StopChange, now: Date = new Date()): DocActivity | null {
  switch (change.kind) {
    case 'added':
      return recordActivity(doc, actor, 'stop_added', { stopName: change.stopName }, now);
    case 'deleted':
      return recordActivity(doc, actor, 'stop_deleted', { stopName: change.stopName, stopId: change.stopId }, now);
    case 'visited':
      return recordActivity(doc, actor, 'stop_visited', { stopName: change.stopName, stopId: change.stopId, visited: change.visited }, now);
    case 'moved': {
      const recent = recentOwnEntry(doc, actor, now);
      if (recent?.get('activityType') !== 'stop_moved') {
        return recordActivity(doc, actor, 'stop_moved', { stopName: change.stopName, stopId: change.stopId }, now);
      }
      const data = (recent.get('activityData') ?? {}) as Record<string, unknown>;
      if (data.stopId !== change.stopId && data.otherStops !== true) recent.set('activityData', { ...data, otherStops: true });
      return null;
    }
    case 'reordered':
      if (recentOwnEntry(doc, actor, now)?.get('activityType') === 'stops_reordered') return null;
      return recordActivity(doc, actor, 'stops_reordered', { stopCount: change.stopCount }, now);
  }
}

/** The actor's newest entry, if it was made less than MOVE_COALESCE_MS ago. */
function recentOwnEntry(doc: Y.Doc, actor: ActivityActor, now: Date): RecordMap | null {
  // Read from the newest back without copying the array: this runs on every move of a stop.
  const activity = activityArray(doc);
  for (let index = activity.length - 1; index >= 0; index -= 1) {
    const entry = activity.get(index);
    const at = Date.parse(String(entry.get('createdAt')));
    if (!Number.isFinite(at) || now.getTime() - at >= MOVE_COALESCE_MS) return null;
    if (entry.get('userId') === actor.id) return entry;
  }
  return null;
}
