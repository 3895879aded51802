import { describe, expect, it } from 'vitest';
import { isOrderKey, orderedStops, stopsMap } from '@caravan/shared';
import { serverOrigin, type User } from '@caravan/engine';
import { addStops, stopRows, type StopRow } from '../../test/tripDetailFixtures.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
const names = async (tripId: string) => (await stopRows(db(), tripId)).map((row) => row.name);

/** San Francisco, Big Sur, then Monterey, whose order key fractional-indexing refuses (as the live door once let in). */
async function tripWithBadKey() {
  const crew = await tripWithCrew(db());
  const [, monterey, bigSur] = await addStops(t.server.deps, crew.trip, crew.owner, ['Monterey', 'Big Sur']);
  await t.server.deps.tripDocs.write(crew.trip.id, serverOrigin(null), ({ doc, transact }) =>
    transact(() => stopsMap(doc).get(monterey.id)!.set('pos', 'zzz')),
  );
  expect(await names(crew.trip.id)).toEqual(['San Francisco', 'Big Sur', 'Monterey']);
  return { ...crew, monterey, bigSur };
}

/** Every key the library can place beside, and the rows in the document's order with its keys. */
async function expectMended(tripId: string) {
  const doc = (await t.server.deps.tripDocs.open(tripId))!.doc;
  expect(orderedStops(doc).every((stop) => isOrderKey(stop.pos))).toBe(true);
  const rows = await db().query(`SELECT id, pos FROM stops WHERE trip_id = $1 ORDER BY stop_order`, [tripId]);
  expect(rows).toEqual(orderedStops(doc).map(({ id, pos }) => ({ id, pos })));
}

type Trip = Crew & { monterey: StopRow; bigSur: StopRow };
const calls: Array<[string, (trip: Trip, as: User) => Promise<number>, string[]]> = [
  [
    'adds a stop at the end',
    async ({ trip }, as) => (await t.api.post('/trips/stops', { tripId: trip.id, name: 'Carmel' }, { as })).status,
    ['San Francisco', 'Big Sur', 'Monterey', 'Carmel'],
  ],
  [
    'moves a stop past it',
    async ({ trip, bigSur }, as) => (await t.api.post('/trips/stops/reorder', { tripId: trip.id, stopId: bigSur.id, newOrder: 2 }, { as })).status,
    ['San Francisco', 'Monterey', 'Big Sur'],
  ],
  [
    'approves a suggestion',
    async ({ trip, viewer }, as) => {
      const suggested = await t.api.post('/trips/suggestions/create', { tripId: trip.id, name: 'Pismo Beach' }, { as: viewer });
      const review = { tripId: trip.id, suggestionId: suggested.body.id, status: 'approved' };
      return (await t.api.post('/trips/suggestions/review', review, { as })).status;
    },
    ['San Francisco', 'Big Sur', 'Monterey', 'Pismo Beach'],
  ],
];

describe('a trip holding an order key stored before keys were checked', () => {
  it.each(calls)('%s for an editor, in the order shown, and mends the key', async (_, call, expected) => {
    const trip = await tripWithBadKey();
    expect(await call(trip, trip.editor)).toBeLessThan(300);
    expect(await names(trip.trip.id)).toEqual(expected);
    await expectMended(trip.trip.id);
  });
});
