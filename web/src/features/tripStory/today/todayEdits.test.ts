import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addStop, findStop, orderedStops, plannedCalendarDate, RESET_DATE, storedPlannedDate, updateStop } from '@caravan/shared';
import { moveToTomorrow } from './todayEdits.ts';

/** Today's stops a, b, c, the night at d, then e tomorrow. */
function trip() {
  const doc = new Y.Doc();
  for (const id of ['a', 'b', 'c', 'd', 'e']) addStop(doc, id, { name: id.toUpperCase() });
  return doc;
}
const order = (doc: Y.Doc) => orderedStops(doc).map((stop) => stop.id);

describe('Move to tomorrow', () => {
  it("puts the stop right after tonight's stop, in one change", () => {
    const doc = trip();
    let changes = 0;
    doc.on('afterTransaction', () => changes++);
    expect(moveToTomorrow(doc, 'b', 'd', order(doc), '2026-07-02')).toBe(true);
    expect(order(doc)).toEqual(['a', 'c', 'd', 'b', 'e']);
    expect(changes).toBe(1);
  });

  it('gives a stop planned for today the date of tomorrow, so it is not late for its old one', () => {
    const doc = trip();
    updateStop(doc, 'b', { plannedArrivalDate: storedPlannedDate('2026-07-01'), autoScheduled: true });
    moveToTomorrow(doc, 'b', 'd', order(doc), '2026-07-02');
    expect(plannedCalendarDate(findStop(doc, 'b')!.plannedArrivalDate)).toBe('2026-07-02');
    expect(findStop(doc, 'b')!.autoScheduled).toBe(false);
  });

  it('leaves a stop planned for no date (or a cleared one) without a date', () => {
    const doc = trip();
    updateStop(doc, 'c', { plannedArrivalDate: storedPlannedDate(RESET_DATE) });
    moveToTomorrow(doc, 'b', 'd', order(doc), '2026-07-02');
    moveToTomorrow(doc, 'c', 'd', order(doc), '2026-07-02');
    expect(findStop(doc, 'b')!.plannedArrivalDate).toBeNull();
    expect(plannedCalendarDate(findStop(doc, 'c')!.plannedArrivalDate)).toBeNull();
  });

  it('does nothing for a stop or an overnight the trip no longer has', () => {
    const doc = trip();
    expect(moveToTomorrow(doc, 'gone', 'd', order(doc), '2026-07-02')).toBe(false);
    expect(moveToTomorrow(doc, 'b', 'gone', order(doc), '2026-07-02')).toBe(false);
    expect(order(doc)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
