/**
 * POST /trips/stops/optimise-route (docs/product.md#optimise-route) without OSRM: a scrambled trip comes back
 * in its shortest order (checked against every order, over the same estimate the server uses), the rules hold
 * (first stays first, last stays last when asked, visited, pinned and unlocated stops keep their places),
 * nothing is written, editors may ask, viewers may not, outsiders do not see the trip, and bad input answers 400.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addStop, messages, updateStop } from '@caravan/shared';
import { greatCircleEstimate, serverOrigin } from '@caravan/engine';
import { stopRows } from '../../test/tripDetailFixtures.ts';
import { tripSnapshot } from '../../test/tripSnapshot.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const PATH = '/trips/stops/optimise-route';

interface Place {
  name: string;
  latitude: number;
  longitude: number;
  visited?: boolean;
}

/** The trip's first stop (tripCreator's start location). */
const SAN_FRANCISCO: Place = { name: 'San Francisco', latitude: 37.7749, longitude: -122.4194 };
const MONTEREY: Place = { name: 'Monterey', latitude: 36.6002, longitude: -121.8947 };
const SAN_LUIS_OBISPO: Place = { name: 'San Luis Obispo', latitude: 35.2828, longitude: -120.6596 };
const SANTA_BARBARA: Place = { name: 'Santa Barbara', latitude: 34.4208, longitude: -119.6982 };
const LOS_ANGELES: Place = { name: 'Los Angeles', latitude: 34.0522, longitude: -118.2437 };
const SAN_DIEGO: Place = { name: 'San Diego', latitude: 32.7157, longitude: -117.1611 };
/** No position (shared hasPosition): not in the matrix, keeps its place. */
const SOMEWHERE: Place = { name: 'Somewhere', latitude: 0, longitude: 0 };

/** A trip of the crew's whose stops after San Francisco are `places`, in this order; returns every stop's name by id. */
async function tripThrough(places: Place[]): Promise<{ crew: Crew; ids: string[]; names: Map<string, string> }> {
  const { dataSource, tripDocs, legs } = t.server.deps;
  const crew = await tripWithCrew(dataSource);
  await tripDocs.write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) =>
    transact(() => {
      for (const { visited, ...place } of places) {
        const id = randomUUID();
        addStop(doc, id, place);
        if (visited) updateStop(doc, id, { visited: true, visitedAt: new Date().toISOString() });
      }
    }),
  );
  await legs.idle();
  const rows = await stopRows(dataSource, crew.trip.id);
  return { crew, ids: rows.map((row) => row.id), names: new Map(rows.map((row) => [row.id, row.name])) };
}

const places = new Map([SAN_FRANCISCO, MONTEREY, SAN_LUIS_OBISPO, SANTA_BARBARA, LOS_ANGELES, SAN_DIEGO, SOMEWHERE].map((place) => [place.name, place]));

/** Whole minutes and km of driving through these stops by the estimate, skipping stops without a position. */
function estimatedDrive(names: string[]): { minutes: number; distanceKm: number } {
  const located = names.map((name) => places.get(name)!).filter((place) => place !== SOMEWHERE);
  let [minutes, distanceKm] = [0, 0];
  for (let k = 0; k + 1 < located.length; k++) {
    const leg = greatCircleEstimate(located[k], located[k + 1]);
    minutes += leg.minutes;
    distanceKm += leg.distanceKm;
  }
  return { minutes, distanceKm: Math.round(distanceKm * 10) / 10 };
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

/** The least drive (minutes, then km) over every order of `free` after San Francisco. */
function bruteForceBest(free: string[]) {
  const drives = permutations(free).map((order) => estimatedDrive([SAN_FRANCISCO.name, ...order]));
  return drives.reduce((best, drive) =>
    drive.minutes < best.minutes || (drive.minutes === best.minutes && drive.distanceKm < best.distanceKm) ? drive : best,
  );
}

const optimise = (crew: Crew, body: Record<string, unknown> = {}, as = crew.owner) => t.api.post(PATH, { tripId: crew.trip.id, ...body }, { as });

describe('POST /trips/stops/optimise-route', () => {
  it('proposes the shortest order of a scrambled six-stop trip, with totals before and after, and writes nothing', async () => {
    const scrambled = [SAN_DIEGO, MONTEREY, LOS_ANGELES, SAN_LUIS_OBISPO, SANTA_BARBARA];
    const { crew, ids, names } = await tripThrough(scrambled);
    const before = await tripSnapshot(t.server.deps, [crew.trip.id]);

    const response = await optimise(crew);

    expect(response.status).toBe(200);
    const proposed = (response.body.order as string[]).map((id) => names.get(id));
    const best = bruteForceBest(scrambled.map((place) => place.name));
    expect(estimatedDrive(proposed as string[])).toEqual(best);
    expect(proposed).toEqual(['San Francisco', 'Monterey', 'San Luis Obispo', 'Santa Barbara', 'Los Angeles', 'San Diego']);
    expect(response.body).toMatchObject({
      fromOrder: ids,
      before: estimatedDrive([...names.values()]),
      after: best,
      source: 'great-circle',
    });
    expect(response.body.after.minutes).toBeLessThan(response.body.before.minutes);
    expect(response.body.timings.matrixMs).toBeGreaterThanOrEqual(0);
    expect(response.body.timings.solveMs).toBeGreaterThanOrEqual(0);
    expect(await tripSnapshot(t.server.deps, [crew.trip.id])).toBe(before);
  });

  it('keeps the last stop last when asked, and visited, pinned and unlocated stops in their places', async () => {
    const { crew, ids, names } = await tripThrough([
      SAN_DIEGO,
      { ...SOMEWHERE },
      LOS_ANGELES,
      { ...SANTA_BARBARA, visited: true },
      MONTEREY,
      SAN_LUIS_OBISPO,
    ]);
    const byName = new Map([...names].map(([id, name]) => [name, id]));

    const free = await optimise(crew);
    const kept = await optimise(crew, { endAtLast: true, pinnedStopIds: [byName.get('San Diego')!.toUpperCase()] });

    const namesOf = (order: string[]) => order.map((id) => names.get(id));
    // San Francisco first, Somewhere (no position) second and Santa Barbara (visited) fourth stay; the rest is shortest.
    expect(namesOf(free.body.order)).toEqual(['San Francisco', 'Monterey', 'Somewhere', 'San Luis Obispo', 'Santa Barbara', 'Los Angeles', 'San Diego']);
    // San Diego pinned second, San Luis Obispo last: only Los Angeles and Monterey are left to swap.
    expect(namesOf(kept.body.order)).toEqual(['San Francisco', 'San Diego', 'Somewhere', 'Los Angeles', 'Santa Barbara', 'Monterey', 'San Luis Obispo']);
    expect(kept.body.fromOrder).toEqual(ids);
    expect(kept.body.after).toEqual(estimatedDrive(namesOf(kept.body.order) as string[]));
  });

  it('answers the current order when fewer than two located stops are free to move', async () => {
    const { crew, ids, names } = await tripThrough([MONTEREY, { ...SAN_DIEGO, visited: true }, SOMEWHERE, LOS_ANGELES]);
    const pinned = ids.filter((id) => names.get(id) === 'Los Angeles');

    const response = await optimise(crew, { pinnedStopIds: pinned });

    expect(response.status).toBe(200);
    expect(response.body.order).toEqual(ids);
    expect(response.body.after).toEqual(response.body.before);
    expect(response.body.before).toEqual(estimatedDrive([...names.values()]));
    expect(response.body.timings.solveMs).toBe(0);
  });

  it('answers a trip with one located stop without a matrix', async () => {
    const { crew, ids } = await tripThrough([SOMEWHERE]);
    const response = await optimise(crew);
    expect(response.body).toEqual({
      fromOrder: ids,
      order: ids,
      before: { minutes: 0, distanceKm: 0 },
      after: { minutes: 0, distanceKm: 0 },
      source: null,
      timings: { matrixMs: 0, solveMs: 0 },
    });
  });

  it('lets editors ask, refuses viewers and hides the trip from outsiders', async () => {
    const { crew } = await tripThrough([SAN_DIEGO, MONTEREY, LOS_ANGELES]);
    const [editor, viewer, outsider, anonymous] = await Promise.all([
      optimise(crew, {}, crew.editor),
      optimise(crew, {}, crew.viewer),
      optimise(crew, {}, crew.outsider),
      t.api.post(PATH, { tripId: crew.trip.id }, { as: null }),
    ]);
    expect(editor.status).toBe(200);
    expect(editor.body.order).toHaveLength(4);
    expect([viewer.status, viewer.body.error]).toEqual([403, messages.common.forbidden]);
    expect([outsider.status, outsider.body.error]).toEqual([404, messages.trips.notFound]);
    expect(anonymous.status).toBe(401);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { crew, ids } = await tripThrough([SAN_DIEGO, MONTEREY, LOS_ANGELES]);
    const other = await tripThrough([MONTEREY]);
    const m = messages.routeOptimisation;
    const before = await tripSnapshot(t.server.deps, [crew.trip.id]);
    const cases: [Record<string, unknown>, string][] = [
      [{ pinnedStopIds: [randomUUID()] }, m.unknownPinnedStop],
      [{ pinnedStopIds: [other.ids[1]] }, m.unknownPinnedStop],
      [{ pinnedStopIds: [ids[1], ids[1].toUpperCase()] }, m.duplicatePinnedStop],
      [{ pinnedStopIds: ['not-a-uuid'] }, messages.stops.invalidId],
      [{ pinnedStopIds: ids[1] }, m.invalidPinnedStopIds],
      [{ pinnedStopIds: Array.from({ length: 2001 }, () => randomUUID()) }, m.tooManyPinnedStops(2000)],
      [{ endAtLast: 'yes' }, m.invalidEndAtLast],
      [{ tripId: 'nope' }, messages.validation.invalidTripId],
    ];
    for (const [body, error] of cases) {
      const response = await optimise(crew, body);
      expect({ body, status: response.status, error: response.body.error }).toEqual({ body, status: 400, error });
    }
    expect(await tripSnapshot(t.server.deps, [crew.trip.id])).toBe(before);
  });
});
