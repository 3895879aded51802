/**
 * Stops written through REST and through the live door (the stop writers of shared/src/tripDoc/stops.ts on each
 * member's own client, as the page makes them) leave the same stops, activity and refusals (./parts/doorParity.ts).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type * as Y from 'yjs';
import { addStop, calls, canEditStops, deleteStop, findStop, moveStop, orderedStops, updateStop } from '@caravan/shared';
import { checkDoorParity, ref, sequenceOf, type Actor, type Labels, type LiveEdit, type PartParityCase, type RestWrite } from './parts/doorParity.ts';
import { useTestStack } from './stack.ts';

const t = useTestStack();

type StopAction = { actor: Actor; label: string } & (
  | { op: 'add'; name: string; place: number }
  | { op: 'rename'; stop: string; name: string }
  | { op: 'note'; stop: string; notes: string | null }
  | { op: 'move'; stop: string; to: number }
  | { op: 'toggleVisited'; stop: string }
  | { op: 'delete'; stop: string }
);

const PLACES = [
  { latitude: 36.6, longitude: -121.9 },
  { latitude: 35.37, longitude: -120.85 },
  { latitude: 34.42, longitude: -119.7 },
];
const name = fc.constantFrom('Monterey', 'Big Sur', 'Morro Bay', 'Santa Barbara');
const step = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('add' as const), name, place: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('rename' as const), stop: ref, name }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('note' as const), stop: ref, notes: fc.constantFrom(null, 'Book ahead', 'Sunset') }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('move' as const), stop: ref, to: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('toggleVisited' as const), stop: ref }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), stop: ref }) },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

const actions = sequenceOf<Step>(
  [['editor', { op: 'add', name: 'Monterey', place: 0 }]],
  step,
  { stop: 'stop' },
  (made) => (made.op === 'add' ? 'stop' : null),
) as fc.Arbitrary<StopAction[]>;

const stops: PartParityCase<StopAction> = {
  actions,
  activityTypes: ['stop_added', 'stop_deleted', 'stop_visited', 'stop_moved', 'stop_updated'],

  rest(action, tripId, ids): RestWrite {
    const c = calls.stops;
    const stopId = action.op === 'add' ? '' : ids.id(action.stop);
    switch (action.op) {
      case 'add':
        return { path: c.add.path, body: { tripId, name: action.name, ...PLACES[action.place] }, creates: action.label };
      case 'rename':
        return { path: c.updateDetails.path, body: { tripId, stopId, name: action.name } };
      case 'note':
        return { path: c.updateDetails.path, body: { tripId, stopId, notes: action.notes } };
      case 'move':
        return { path: c.reorder.path, body: { tripId, stopId, newOrder: action.to } };
      case 'toggleVisited':
        return { path: c.toggleVisited.path, body: { tripId, stopId } };
      case 'delete':
        return { path: c.delete.path, body: { tripId, stopId } };
    }
  },

  // What the page offers: stop editing to owners and editors (the live door drops a viewer's stop writes without a
  // word, so the page never makes them), and the visited tick to the owner; only on a stop that is there.
  live(action, doc, ids): LiveEdit {
    const role = action.actor;
    if (!canEditStops(role)) return null;
    if (action.op === 'add') {
      const id = crypto.randomUUID();
      ids.set(action.label, id);
      return (edit) => addStop(edit, id, { name: action.name, ...PLACES[action.place] });
    }
    const id = ids.id(action.stop);
    const stop = findStop(doc, id);
    if (!stop) return null;
    switch (action.op) {
      case 'rename':
        return (edit) => updateStop(edit, id, { name: action.name });
      case 'note':
        return (edit) => updateStop(edit, id, { notes: action.notes });
      case 'move':
        return (edit) => moveStop(edit, id, action.to);
      // An editor's tick is refused by the live door (the owner's key), as REST refuses it.
      case 'toggleVisited':
        return (edit) => updateStop(edit, id, { visited: !stop.visited, visitedAt: stop.visited ? null : new Date().toISOString() });
      case 'delete':
        return (edit) => deleteStop(edit, id);
    }
  },

  view(doc: Y.Doc, ids: Labels) {
    return orderedStops(doc).map(({ id, name, address, notes, latitude, longitude, visited, pos }) => ({ stop: ids.label(id, 'the trip’s start'), name, address, notes, latitude, longitude, visited, pos }));
  },
};

describe('stops through both doors', () => {
  it('leave the same stops, activity and refusals for random edits by random members', async () => {
    const tally = await checkDoorParity(t, stops, 15);
    // Not vacuous: both kinds of outcome, and the stops' activity.
    expect(tally.done).toBeGreaterThan(30);
    expect(tally.refused).toBeGreaterThan(5);
    expect(tally.activity).toBeGreaterThan(20);
  }, 240_000);
});
