/** Legs kept current through the REST door: every change to the stop list leaves the legs its order needs, and only those. */
import { describe, expect, it } from 'vitest';
import { currentLegs, findStop, legPairs, orderedStops, updateStop, type DocStop } from '@caravan/shared';
import { greatCircleEstimate, serverOrigin, StopEntity } from '@caravan/engine';
import { tripWithCrew } from '../test/tripWithCrew.ts';
import { useTestServer } from '../test/useTestServer.ts';

const t = useTestServer();

const PLACES = {
  monterey: { latitude: 36.6002, longitude: -121.8947 },
  santaBarbara: { latitude: 34.4208, longitude: -119.6982 },
  losAngeles: { latitude: 34.0522, longitude: -118.2437 },
};

async function docStops(tripId: string): Promise<DocStop[]> {
  await t.server.deps.legs.idle();
  return orderedStops((await t.server.deps.tripDocs.open(tripId))!.doc);
}

/** What every located stop after the first should hold: the estimate from the located stop before it. */
function expectLegsOfOrder(stops: DocStop[]): void {
  const legs = currentLegs(stops);
  const pairs = legPairs(stops);
  for (const stop of stops) {
    const pair = pairs.find(({ to }) => to.id === stop.id);
    if (!pair) {
      expect(stop.driveLeg ?? null, stop.name).toBeNull();
      expect(stop.estimatedDriveMinutes ?? null, stop.name).toBeNull();
      continue;
    }
    const estimate = greatCircleEstimate(pair.from, pair.to);
    expect(legs.get(stop.id), stop.name).toMatchObject({ minutes: estimate.minutes, distanceKm: estimate.distanceKm, source: 'great-circle' });
    expect(stop.estimatedDriveMinutes, stop.name).toBe(estimate.minutes);
  }
}

async function tripOfThree() {
  const crew = await tripWithCrew(t.server.deps.dataSource);
  const ids: string[] = [];
  for (const [name, place] of Object.entries(PLACES)) {
    const response = await t.api.post('/trips/stops', { tripId: crew.trip.id, name, ...place }, { as: crew.editor });
    expect(response.status).toBe(201);
    ids.push(response.body.id);
  }
  return { ...crew, ids };
}

describe('legs kept current through REST', () => {
  it('gives every located stop a leg from the one before, with nobody asking', async () => {
    const { trip, owner } = await tripOfThree();
    const stops = await docStops(trip.id);
    expect(legPairs(stops)).toHaveLength(3);
    expectLegsOfOrder(stops);
    // The projection (and so /trips/details) carries the same minutes.
    const rows = await t.server.deps.dataSource.getRepository(StopEntity).find({ where: { tripId: trip.id }, order: { stopOrder: 'ASC' } });
    expect(rows.map((row) => row.estimatedDriveMinutes)).toEqual(stops.map((stop) => stop.estimatedDriveMinutes ?? null));
    const details = await t.api.post('/trips/details', { tripId: trip.id }, { as: owner });
    expect(details.body.stops.map((stop: DocStop) => stop.driveLeg)).toEqual(stops.map((stop) => stop.driveLeg ?? null));
  });

  it('recomputes after a move and a delete, and drops the legs of the old order', async () => {
    const { trip, owner, ids } = await tripOfThree();
    expect((await t.api.post('/trips/stops/reorder', { tripId: trip.id, stopId: ids[2], newOrder: 1 }, { as: owner })).status).toBe(200);
    let stops = await docStops(trip.id);
    expect(stops.map((stop) => stop.name).slice(1)).toEqual(['losAngeles', 'monterey', 'santaBarbara']);
    expectLegsOfOrder(stops);

    expect((await t.api.post('/trips/stops/delete', { tripId: trip.id, stopId: ids[0] }, { as: owner })).status).toBe(200);
    stops = await docStops(trip.id);
    expect(stops.map((stop) => stop.name).slice(1)).toEqual(['losAngeles', 'santaBarbara']);
    expectLegsOfOrder(stops);
  });

  it('recomputes when a stop moves on the map, and clears the leg of a stop that loses its position', async () => {
    const { trip, owner, ids } = await tripOfThree();
    const write = (change: Parameters<typeof updateStop>[2], stopId: string) =>
      t.server.deps.tripDocs.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) => transact(() => updateStop(doc, stopId, change)));
    await docStops(trip.id);
    await write({ latitude: 35.2828, longitude: -120.6596 }, ids[1]);
    expectLegsOfOrder(await docStops(trip.id));

    await write({ latitude: 0, longitude: 0 }, ids[1]);
    const stops = await docStops(trip.id);
    expect(findStop((await t.server.deps.tripDocs.open(trip.id))!.doc, ids[1])!.driveLeg ?? null).toBeNull();
    expectLegsOfOrder(stops);
  });

  it('settle() leaves the same legs as idle(), computed without waiting out the debounce', async () => {
    const { trip } = await tripOfThree();
    // The last add's debounce is still running: settle() computes its legs now instead.
    await t.server.deps.legs.settle();
    const stops = orderedStops((await t.server.deps.tripDocs.open(trip.id))!.doc);
    expect(legPairs(stops)).toHaveLength(3);
    expectLegsOfOrder(stops);
  });
});
