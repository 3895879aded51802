/**
 * POST /trips/offline-map/plan (docs/product.md#map): the tile list of a trip's route for any member, the same for
 * each; with no routing engine each leg is covered along the estimate's great circle (the road line: offlineMapPlan.osrm.test.ts); a moved stop changes the key; a trip without positions has an empty list; a
 * route too long for a device is refused; bad requests are refused with a 4xx.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addStop, deleteStop, OFFLINE_MAP_MAX_TILES, offlineMapMessages, offlineMapPlan, orderedStops, updateStop, ZOfflineMapPlanResponse } from '@caravan/shared';
import { serverOrigin } from '@caravan/engine';
import { stopRows } from '../../test/tripDetailFixtures.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const PATH = '/trips/offline-map/plan';
type Place = [name: string, latitude: number | null, longitude: number | null];

const t = useTestServer();

async function tripThrough(places: Place[]): Promise<Crew> {
  const { dataSource, tripDocs, legs } = t.server.deps;
  const crew = await tripWithCrew(dataSource);
  await tripDocs.write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) =>
    transact(() => {
      for (const stop of orderedStops(doc)) deleteStop(doc, stop.id);
      for (const [name, latitude, longitude] of places) addStop(doc, randomUUID(), latitude === null ? { name } : { name, latitude, longitude: longitude! });
    }),
  );
  await legs.idle();
  return crew;
}

const plan = (crew: Crew, as = crew.viewer, body: Record<string, unknown> = { tripId: crew.trip.id }) => t.api.post(PATH, body, { as });
const at = (latitude: number, longitude: number) => ({ latitude, longitude });

describe('the offline map tile list', () => {
  it('answers every member the same list along the estimate legs, with zooms 15–16 only around the stops', async () => {
    const crew = await tripThrough([
      ['Vernal', 40.45, -109.53],
      ['Dinosaur', 40.24, -109.01],
      ['Unplaced', null, null],
      ['Rangely', 40.09, -108.8],
    ]);
    const answers = await Promise.all([crew.viewer, crew.editor, crew.owner].map((as) => plan(crew, as)));
    for (const answer of answers) expect(answer.status).toBe(200);
    const body = ZOfflineMapPlanResponse.parse(answers[0].body);
    expect(answers.map((answer) => answer.body.packKey)).toEqual([body.packKey, body.packKey, body.packKey]);
    // No routing engine here: each leg is the estimate, drawn and covered along its great circle.
    const stops = [at(40.45, -109.53), at(40.24, -109.01), at(40.09, -108.8)];
    const expected = offlineMapPlan({ legs: [{ line: stops.slice(0, 2), road: false }, { line: stops.slice(1), road: false }], stops });
    expect(body).toEqual(expected);
    expect(body.tileCount).toBeGreaterThan(100);
    expect(body.runs.filter(([z]) => z === 16).length).toBeGreaterThan(0);
  });

  it('changes the key when a stop moves', async () => {
    const crew = await tripThrough([
      ['Moab', 38.57, -109.55],
      ['Green River', 38.99, -110.16],
    ]);
    const before = (await plan(crew)).body.packKey;
    const { tripDocs, legs } = t.server.deps;
    const [moab] = await stopRows(t.server.deps.dataSource, crew.trip.id);
    await tripDocs.write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) => transact(() => updateStop(doc, moab.id, { latitude: 38.6, longitude: -109.5 })));
    await legs.idle();
    const after = await plan(crew);
    expect(after.status).toBe(200);
    expect(after.body.packKey).not.toBe(before);
  });

  it('answers an empty list for a trip whose stops have no position, and one stop\'s surroundings for a lone stop', async () => {
    const empty = await plan(await tripThrough([['Somewhere', null, null]]));
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ runs: [], tileCount: 0, estimatedBytes: 0, maxZoom: 16 });
    const lone = await plan(await tripThrough([['Moab', 38.57, -109.55]]));
    expect(lone.status).toBe(200);
    expect(lone.body.runs).toEqual(offlineMapPlan({ legs: [], stops: [at(38.57, -109.55)] }).runs);
    expect(lone.body.tileCount).toBeGreaterThan(50);
  });

  it('refuses a route too long for one pack with a 400 that says so', async () => {
    const crew = await tripThrough([
      ['Libreville', 0.4, 9.45],
      ['Somewhere east', 0.4, 99],
      ['Galápagos', 0.4, -170],
      ['Quito', 0.4, -78.5],
      ['Libreville again', 0.4, 9.4],
    ]);
    const answer = await plan(crew);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/an offline map holds at most/);
    const tiles = Number(/needs ([\d,]+) map tiles/.exec(answer.body.error)![1].replaceAll(',', ''));
    expect(tiles).toBeGreaterThan(OFFLINE_MAP_MAX_TILES);
    expect(answer.body.error).toBe(offlineMapMessages.tooManyTiles(tiles));
  });

  it('refuses bad requests with a 4xx and hides a private trip from outsiders', async () => {
    const crew = await tripThrough([['Moab', 38.57, -109.55]]);
    expect((await plan(crew, crew.viewer, {})).status).toBe(400);
    expect((await plan(crew, crew.viewer, { tripId: 'not-a-trip' })).status).toBe(400);
    expect((await plan(crew, crew.viewer, { tripId: crew.trip.id, zoom: 18 })).status).toBe(400);
    expect((await plan(crew, crew.viewer, { tripId: 42 })).status).toBe(400);
    expect((await plan(crew, crew.viewer, { tripId: randomUUID() })).status).toBe(404);
    expect((await plan(crew, crew.outsider)).status).toBe(404);
    expect((await t.api.post(PATH, { tripId: crew.trip.id }, { as: null })).status).toBe(401);
  });
});
