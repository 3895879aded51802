import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readActivity } from '@caravan/shared';
import { MOVE_COALESCE_MS, recordsNothing, recordStopChange } from './stopActivity.ts';

const ana = { id: 1, displayName: 'Ana', avatarUrl: null };
const ben = { id: 2, displayName: 'Ben', avatarUrl: null };
const move = (stopId: string) => ({ kind: 'moved' as const, stopId, stopName: `Stop ${stopId}` });
const entries = (doc: Y.Doc) =>
  readActivity(doc).map(({ displayName, activityType, activityData }) =>
    [displayName, activityType, activityData.stopId, activityData.otherStops && '+others'].filter(Boolean).join(' '),
  );

describe('stop moves in the activity feed', () => {
  it('makes one entry per person for a drag, also while another member drags at the same time', () => {
    const doc = new Y.Doc();
    const start = Date.parse('2026-11-25T10:00:00Z');
    for (let step = 0; step < 20; step += 1) {
      const at = new Date(start + step * 200);
      recordStopChange(doc, ana, move('a'), at);
      recordStopChange(doc, ben, move('b'), at);
    }
    expect(entries(doc)).toEqual(['Ana stop_moved a', 'Ben stop_moved b']);
  });

  it('notes moves of other stops in the same entry, once, without touching it again', () => {
    const doc = new Y.Doc();
    const start = Date.parse('2026-11-25T10:00:00Z');
    recordStopChange(doc, ana, move('a'), new Date(start));
    recordStopChange(doc, ana, move('b'), new Date(start + 1000));
    let writes = 0;
    doc.on('update', () => (writes += 1));
    for (const [step, stopId] of ['c', 'a', 'd', 'b'].entries()) recordStopChange(doc, ana, move(stopId), new Date(start + 2000 + step * 200));
    expect(entries(doc)).toEqual(['Ana stop_moved a +others']);
    expect(writes).toBe(0);
    // What the live door asks before it opens a transaction.
    expect(recordsNothing(doc, ana, move('e'), new Date(start + 3000))).toBe(true);
    expect(recordsNothing(doc, ben, move('e'), new Date(start + 3000))).toBe(false);
    expect(recordsNothing(doc, ana, move('e'), new Date(start + MOVE_COALESCE_MS))).toBe(false);
  });

  it('folds moves and rearrangements into each other (a move that re-keys a neighbour reads as two stops)', () => {
    const doc = new Y.Doc();
    const start = Date.parse('2026-11-25T10:00:00Z');
    recordStopChange(doc, ana, move('a'), new Date(start));
    recordStopChange(doc, ana, { kind: 'reordered', stopCount: 2 }, new Date(start + 200));
    recordStopChange(doc, ben, { kind: 'reordered', stopCount: 5 }, new Date(start + 400));
    recordStopChange(doc, ben, move('b'), new Date(start + 600));
    expect(entries(doc)).toEqual(['Ana stop_moved a +others', 'Ben stops_reordered']);
  });

  it('records again after another kind of change, or once the window has passed', () => {
    const doc = new Y.Doc();
    const start = Date.parse('2026-11-25T10:00:00Z');
    recordStopChange(doc, ana, move('a'), new Date(start));
    recordStopChange(doc, ana, { kind: 'visited', stopId: 'c', stopName: 'Stop c', visited: true }, new Date(start + 2000));
    recordStopChange(doc, ana, move('c'), new Date(start + 3000));
    recordStopChange(doc, ana, move('c'), new Date(start + 3000 + MOVE_COALESCE_MS));
    expect(entries(doc)).toEqual(['Ana stop_moved a', 'Ana stop_visited c', 'Ana stop_moved c', 'Ana stop_moved c']);
  });

  it('still finds the newest entry once the feed is trimmed to its limit, also across a synced copy', () => {
    const doc = new Y.Doc();
    const start = Date.parse('2026-11-25T10:00:00Z');
    // Each move a window apart: a new entry each time, and past ACTIVITY_LIMIT the oldest go (tombstones, merged).
    for (let step = 0; step < 450; step += 1) recordStopChange(doc, step % 2 ? ben : ana, move(`s${step}`), new Date(start + step * MOVE_COALESCE_MS));
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    for (const replica of [doc, copy]) {
      const at = new Date(start + 449 * MOVE_COALESCE_MS + 100);
      expect(recordsNothing(replica, ben, move('s449'), at)).toBe(true);
      expect(recordsNothing(replica, ana, move('s448'), at)).toBe(false);
      recordStopChange(replica, ben, move('x'), at);
      expect(entries(replica).slice(-2)).toEqual(['Ana stop_moved s448', 'Ben stop_moved s449 +others']);
    }
  });
});
