/** planStops keeps each stop's row between plans: what it plans must be what reading the document afresh gives. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addStop, moveStop, stopsMap } from '@caravan/shared';
import { planStops } from './stopsProjection.ts';

function tripWithStops(count: number): Y.Doc {
  const doc = new Y.Doc();
  for (let stop = 0; stop < count; stop++) {
    addStop(doc, randomUUID(), { name: `Stop ${stop}`, createdAt: '2026-12-01T10:00:00.000Z' });
  }
  return doc;
}

/** The same document in new maps, which nothing has planned yet. */
function afresh(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

const rows = (changedRows: string) => JSON.parse(changedRows) as Array<Record<string, unknown>>;

describe('planStops', () => {
  it('plans after a move the rows a fresh read plans, and writes only the renumbered ones', () => {
    const doc = tripWithStops(5);
    const first = planStops(doc, null);
    const moved = [...stopsMap(doc).keys()].find((id) => rows(first.changedRows).find((row) => row.id === id)!.stop_order === 3)!;
    moveStop(doc, moved, 1);
    const next = planStops(doc, first.projected);
    expect(next.projected).toEqual(planStops(afresh(doc), null).projected);
    expect(rows(next.changedRows).map((row) => row.stop_order).sort()).toEqual([1, 2, 3]);
    expect(rows(next.changedRows).find((row) => row.id === moved)).toMatchObject({ stop_order: 1 });
  });

  it('sees a field set, a field removed and a value inside a nested type changed since the last plan', () => {
    const doc = tripWithStops(3);
    const [renamed, cleared, nested] = [...stopsMap(doc).entries()];
    cleared[1].set('notes', 'Bring boots');
    const photos = new Y.Array<string>();
    nested[1].set('photos', photos);
    photos.push(['/photos/a.jpg']);
    let plan = planStops(doc, null);

    renamed[1].set('name', 'Renamed');
    cleared[1].delete('notes');
    photos.push(['/photos/b.jpg']);
    plan = planStops(doc, plan.projected);

    expect(plan.projected).toEqual(planStops(afresh(doc), null).projected);
    const changed = new Map(rows(plan.changedRows).map((row) => [row.id, row]));
    expect(changed.get(renamed[0])).toMatchObject({ name: 'Renamed' });
    expect(changed.get(cleared[0])).toMatchObject({ notes: null });
    expect(changed.get(nested[0])).toMatchObject({ photos: ['/photos/a.jpg', '/photos/b.jpg'] });
  });

  it('plans nothing to write when nothing changed, and deletes the rows of removed stops', () => {
    const doc = tripWithStops(3);
    const first = planStops(doc, null);
    expect(planStops(doc, first.projected)).toMatchObject({ changedCount: 0, deleteOthers: false });
    stopsMap(doc).delete([...stopsMap(doc).keys()][0]);
    expect(planStops(doc, first.projected)).toMatchObject({ deleteOthers: true, ids: [...planStops(afresh(doc), null).projected.keys()] });
  });
});
