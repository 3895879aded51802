/**
 * What one transaction did to the stop list, read from its deep-observer events on the stops map (a member's
 * live edit): stops added, deleted, marked visited or not, moved, their details edited, their plan changed, and their
 * progress on the road (an arrival set, a delay set; clearing either records nothing). A
 * stop re-created under its own id (an Undo's replacement) is neither added nor deleted. Moves count only in a transaction that adds or deletes
 * no stop: an insert that re-keys a neighbour (see `repairKeys` in shared/src/tripDoc/stops.ts) is an add, not a move.
 */
import * as Y from 'yjs';
import { PLAN_STOP_FIELD_KEYS, type RecordMap } from '@caravan/shared';
import { STOP_DETAIL_KEYS, type StopChange } from '@caravan/engine';

export function stopChangesOf(events: ReadonlyArray<Y.YEvent<any>>, stops: Y.Map<RecordMap>): StopChange[] {
  const listChanges: StopChange[] = [];
  const visited: StopChange[] = [];
  const edited: StopChange[] = [];
  const planned: StopChange[] = [];
  const progress: StopChange[] = [];
  const moved: Array<{ stopId: string; stopName: string }> = [];
  for (const event of events) {
    if (event.target === stops) {
      for (const [stopId, { action, oldValue }] of event.changes.keys) {
        const now = stops.get(stopId);
        if (action === 'add' && now) listChanges.push({ kind: 'added', stopId, stopName: String(now.get('name') ?? '') });
        if (action === 'delete') listChanges.push({ kind: 'deleted', stopId, stopName: deletedName(oldValue) });
      }
      continue;
    }
    const stop = event.target as RecordMap;
    const stopId = stop._item?.parentSub;
    if (!stopId || stop._item?.parent !== stops) continue;
    const stopName = String(stop.get('name') ?? '');
    const keys = event.changes.keys;
    const visitedChange = keys.get('visited');
    const isVisited = stop.get('visited') === true;
    // An absent key reads as not visited; setting the value it already had is no change.
    if (visitedChange && (visitedChange.oldValue === true) !== isVisited) visited.push({ kind: 'visited', stopId, stopName, visited: isVisited });
    if (STOP_DETAIL_KEYS.some((key) => detailChanged(keys.get(key), stop.get(key)))) edited.push({ kind: 'edited', stopId, stopName });
    if (PLAN_STOP_FIELD_KEYS.some((key) => detailChanged(keys.get(key), stop.get(key)))) planned.push({ kind: 'planned', stopId, stopName });
    progress.push(...progressChangesOf(stopId, stopName, stop, keys));
    if (keys.get('pos')?.action === 'update') moved.push({ stopId, stopName });
  }
  if (listChanges.length || moved.length === 0) return [...listChanges, ...visited, ...edited, ...planned, ...progress];
  const move: StopChange = moved.length === 1 ? { kind: 'moved', ...moved[0] } : { kind: 'reordered', stopCount: moved.length };
  return [...visited, ...edited, ...planned, ...progress, move];
}

/** "We're here" and "We're running late" as the REST command records them (server/src/commands/stopProgressRecorder.ts). */
function progressChangesOf(stopId: string, stopName: string, stop: RecordMap, keys: Map<string, { action: string; oldValue: unknown }>): StopChange[] {
  const changes: StopChange[] = [];
  const arrivedAt = stop.get('arrivedAt');
  if (typeof arrivedAt === 'string' && detailChanged(keys.get('arrivedAt'), arrivedAt)) changes.push({ kind: 'arrived', stopId, stopName, arrivedAt });
  const delayMinutes = stop.get('delayMinutes');
  if (typeof delayMinutes === 'number' && delayMinutes > 0 && detailChanged(keys.get('delayMinutes'), delayMinutes)) {
    changes.push({ kind: 'runningLate', stopId, stopName, delayMinutes });
  }
  return changes;
}

/**
 * Setting a key to the value it held is no edit (Yjs reports it as an update all the same); a plain object (a
 * lodging) is the same value when its JSON is.
 */
const detailChanged = (change: { action: string; oldValue: unknown } | undefined, now: unknown) =>
  change !== undefined && (change.action === 'add' || !sameValue(change.oldValue, now));

const sameValue = (before: unknown, now: unknown) =>
  before === now || (typeof before === 'object' && typeof now === 'object' && JSON.stringify(before) === JSON.stringify(now));

/**
 * A deleted stop's name. Its map reads as empty once deleted, but the items keep their content until the
 * transaction's garbage collection, which runs after the observers.
 */
function deletedName(oldValue: unknown): string {
  if (!(oldValue instanceof Y.Map)) return '';
  const item = oldValue._map.get('name');
  const content = item?.content.getContent();
  return typeof content?.[0] === 'string' ? content[0] : '';
}
