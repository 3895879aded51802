import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { stopsMap } from '../tripDoc/access.ts';
import { addStop, deleteStop, updateStop } from '../tripDoc/stops.ts';
import { attributionOf, unknownAttribution } from './attribution.ts';
import { TripLog } from './testing/tripLog.ts';

const [ANA, BEN] = [11, 12];
/** The item holding `key` of `map` now (or last, when deleted). */
const itemOf = (map: Y.Map<unknown>, key: string) => map._map.get(key)!;

describe('attribution of items to members', () => {
  it('names the member whose update wrote each item, and whose update deleted it', () => {
    const log = new TripLog();
    log.as(ANA, (doc) => addStop(doc, 'a', { name: 'Astoria' }));
    log.as(BEN, (doc) => addStop(doc, 'b', { name: 'Bandon' }));
    log.as(BEN, (doc) => updateStop(doc, 'a', { notes: 'Ferry at 9' }));
    log.as(ANA, (doc) => deleteStop(doc, 'b'));
    const attribution = attributionOf(log.rows);
    const stops = stopsMap(log.doc) as Y.Map<unknown>;

    expect(attribution.writerOf(itemOf(stops, 'a').id)).toBe(ANA);
    expect(attribution.writerOf(itemOf(stopsMap(log.doc).get('a')!, 'name').id)).toBe(ANA);
    expect(attribution.writerOf(itemOf(stopsMap(log.doc).get('a')!, 'notes').id)).toBe(BEN);
    expect(attribution.writerOf(itemOf(stops, 'b').id)).toBe(BEN);
    expect(attribution.deleterOf(itemOf(stops, 'b').id)).toBe(ANA);
    // Nobody deleted Astoria, and an id no update made is nobody's.
    expect(attribution.deleterOf(itemOf(stops, 'a').id)).toBeNull();
    expect(attribution.writerOf(Y.createID(424242, 0))).toBeNull();
    expect(unknownAttribution.writerOf(itemOf(stops, 'a').id)).toBeNull();
    expect(unknownAttribution.deleterOf(itemOf(stops, 'b').id)).toBeNull();
  });

  it('reads rows in any order, keeps a row repeated as its first member, and knows an unknown writer as null', () => {
    const log = new TripLog();
    log.as(ANA, (doc) => addStop(doc, 'a', { name: 'Astoria' }));
    log.as(null, (doc) => addStop(doc, 'b', { name: 'Bandon' }));
    log.as(BEN, (doc) => addStop(doc, 'c', { name: 'Coos Bay' }));
    const rows = [...log.rows].reverse();
    const attribution = attributionOf([...rows, { update: log.rows[0].update, userId: BEN }]);
    const stops = stopsMap(log.doc) as Y.Map<unknown>;
    expect(['a', 'b', 'c'].map((id) => attribution.writerOf(itemOf(stops, id).id))).toEqual([ANA, null, BEN]);
  });

  it('reads the rows it can when one cannot be read at all', () => {
    const log = new TripLog();
    log.as(ANA, (doc) => addStop(doc, 'a', { name: 'Astoria' }));
    log.as(BEN, (doc) => addStop(doc, 'b', { name: 'Bandon' }));
    const broken = { update: new Uint8Array([1, 1, 5, 0, 31, 200]), userId: BEN };
    const attribution = attributionOf([log.rows[0], broken, { update: new Uint8Array(), userId: ANA }, log.rows[1]]);
    const stops = stopsMap(log.doc) as Y.Map<unknown>;
    expect([attribution.writerOf(itemOf(stops, 'a').id), attribution.writerOf(itemOf(stops, 'b').id)]).toEqual([ANA, BEN]);
  });

  it('names each of many members right across interleaved clients', () => {
    const log = new TripLog();
    const members = [21, 22, 23, 24];
    for (let index = 0; index < 200; index++) {
      const member = members[index % members.length];
      log.as(member, (doc) => addStop(doc, `s${index}`, { name: `Stop ${index}`, notes: `by ${member}` }));
    }
    const attribution = attributionOf(log.rows);
    stopsMap(log.doc).forEach((map, id) => {
      expect(attribution.writerOf(itemOf(map, 'name').id)).toBe(members[Number(id.slice(1)) % members.length]);
    });
  });

  // How fast is bench:history's to say, not a test's on a shared machine.
  it('attributes every field of 10,000 small updates', () => {
    const log = new TripLog();
    log.as(ANA, (doc) => {
      for (let index = 0; index < 50; index++) addStop(doc, `s${index}`, { name: `Stop ${index}` });
    });
    const doc = new Y.Doc();
    Y.applyUpdate(doc, log.rows[0].update);
    const rows: Array<{ update: Uint8Array; userId: number }> = [];
    doc.on('update', (update: Uint8Array) => rows.push({ update, userId: 1 + (rows.length % 7) }));
    for (let index = 0; rows.length < 10_000; index++) updateStop(doc, `s${index % 50}`, { notes: `note ${index}` });
    const attribution = attributionOf(rows);
    const lookups = [...stopsMap(doc).values()].map((map) => attribution.writerOf(itemOf(map, 'notes').id));
    expect(lookups.every((userId) => userId !== null)).toBe(true);
  });
});
