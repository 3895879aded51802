/**
 * Editing a stop's details through either door: the same edit made with POST /trips/stops/update-details and
 * by a member's live document (a real websocket Yjs client, as the web app edits) leaves the same stop rows,
 * the same activity and the same drive legs; a bad value is refused by both with the same message and changes
 * nothing; an editor may edit, a viewer may not.
 */
import { describe, expect, it } from 'vitest';
import { currentLegs, messages, orderedStops, stopsMap, updateStop } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';
import { buildTrip, buildUser, tripWithCrew } from '@caravan/server/test';
import { waitFor, type TestClient } from '@caravan/collab-server/test';
import { useLiveClients } from './liveClients.ts';
import { useTestStack } from './stack.ts';

const t = useTestStack();
const online = useLiveClients(t);

const db = () => t.server.deps.dataSource;


/** San Francisco (the factory's), Santa Cruz, Carmel; returns Santa Cruz's id. */
async function threeStops(owner: User, trip: Trip): Promise<string> {
  const as = { as: owner };
  const santaCruz = await t.api.post('/trips/stops', { tripId: trip.id, name: 'Santa Cruz', address: 'Santa Cruz, CA', latitude: 36.97, longitude: -122.03 }, as);
  await t.api.post('/trips/stops', { tripId: trip.id, name: 'Carmel', latitude: 36.55, longitude: -121.92 }, as);
  return santaCruz.body.id;
}

const edit = { name: 'Capitola Beach', address: '416 Lake Crescent Rd, Port Angeles', notes: 'Park on Esplanade', latitude: 36.972, longitude: -121.953 };

async function stopRows(tripId: string) {
  return db().query(
    `SELECT name, address, notes, latitude, longitude FROM stops WHERE trip_id = $1 ORDER BY stop_order`,
    [tripId],
  );
}

async function activityRows(tripId: string) {
  return db().query(
    `SELECT activity_type AS "activityType", activity_data - 'stopId' AS "activityData", user_id AS "userId"
       FROM activities WHERE trip_id = $1 ORDER BY created_at, id`,
    [tripId],
  );
}

/** Each stop's leg, once the leg keeper has one for every pair at its current positions (currentLegs). */
async function settledLegs(client: TestClient) {
  const legs = () => currentLegs(orderedStops(client.doc));
  await waitFor(() => [...legs().values()].filter(Boolean).length === 2, 5000, 'legs for the new position');
  return [...legs().values()].map((leg) => leg && { from: leg.from, to: leg.to, minutes: leg.minutes, source: leg.source });
}

describe('editing a stop through either door', () => {
  it('leaves the same rows, activity and legs for a REST edit and a live edit', async () => {
    const owner = await buildUser(db(), { displayName: 'Maya' });
    const [restTrip, liveTrip] = [await buildTrip(db(), owner), await buildTrip(db(), owner)];
    const restStop = await threeStops(owner, restTrip);
    const liveStop = await threeStops(owner, liveTrip);
    const [restWatcher, liveEditor] = [await online(owner, restTrip.id), await online(owner, liveTrip.id)];

    const response = await t.api.post('/trips/stops/update-details', { tripId: restTrip.id, stopId: restStop, ...edit }, { as: owner });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: restStop, ...edit, stopOrder: 1 });
    liveEditor.doc.transact(() => updateStop(liveEditor.doc, liveStop, edit));
    await liveEditor.saved();

    const expectedRows = ['San Francisco', edit.name, 'Carmel'];
    expect((await stopRows(restTrip.id)).map((row: { name: string }) => row.name)).toEqual(expectedRows);
    expect(await stopRows(liveTrip.id)).toEqual(await stopRows(restTrip.id));
    expect((await stopRows(restTrip.id))[1]).toMatchObject(edit);

    const updated = { activityType: 'stop_updated', activityData: { stopName: edit.name }, userId: owner.id };
    expect((await activityRows(restTrip.id)).at(-1)).toEqual(updated);
    expect(await activityRows(liveTrip.id)).toEqual(await activityRows(restTrip.id));

    const legs = await settledLegs(restWatcher);
    expect(legs[1]?.to).toEqual([edit.latitude, edit.longitude]);
    expect(await settledLegs(liveEditor)).toEqual(legs);
  });

  it('records nothing for an edit that changes nothing, through either door', async () => {
    const owner = await buildUser(db());
    const trip = await buildTrip(db(), owner);
    const stopId = await threeStops(owner, trip);
    const before = await activityRows(trip.id);
    const same = { tripId: trip.id, stopId, name: 'Santa Cruz', address: 'Santa Cruz, CA' };
    expect((await t.api.post('/trips/stops/update-details', same, { as: owner })).status).toBe(200);
    const client = await online(owner, trip.id);
    client.doc.transact(() => stopsMap(client.doc).get(stopId)!.set('name', 'Santa Cruz'));
    await client.saved();
    expect(await activityRows(trip.id)).toEqual(before);
  });

  const badValues: Array<[string, Record<string, unknown>, string]> = [
    ['latitude 91', { latitude: 91, longitude: 0 }, messages.validation.invalidLatitude],
    ['latitude NaN', { latitude: Number.NaN, longitude: 0 }, messages.validation.invalidLatitude],
    ['a NUL in the name', { name: 'Santa\u0000Cruz' }, messages.validation.textNotAllowed],
    ['a 10,000-character name', { name: 'x'.repeat(10_000) }, messages.stops.nameTooLong],
    ['a blank name', { name: '' }, messages.stops.nameRequired],
  ];

  it.each(badValues)('refuses %s at both doors with the same message, changing nothing', async (_, values, message) => {
    const owner = await buildUser(db());
    const trip = await buildTrip(db(), owner);
    const stopId = await threeStops(owner, trip);
    const [rowsBefore, activityBefore] = [await stopRows(trip.id), await activityRows(trip.id)];

    // JSON has no NaN: a client sends it as text, which the REST door reads as a number.
    const body = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, Number.isNaN(value) ? 'NaN' : value]));
    const response = await t.api.post('/trips/stops/update-details', { tripId: trip.id, stopId, ...body }, { as: owner });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);

    const client = await online(owner, trip.id);
    client.doc.transact(() => updateStop(client.doc, stopId, values));
    await waitFor(() => client.closes.length > 0, 5000, 'the live door to refuse');
    const [key] = Object.keys(values);
    expect(client.closes[0].reason).toBe(`invalid value for ${key}: ${message}`);

    expect(await stopRows(trip.id)).toEqual(rowsBefore);
    expect(await activityRows(trip.id)).toEqual(activityBefore);
  });

  it('lets an editor edit details and refuses a viewer (the live door drops a viewer\'s writes: collab.authorization.test.ts)', async () => {
    const { owner, editor, viewer, trip } = await tripWithCrew(db());
    const stopId = await threeStops(owner, trip);
    const byEditor = await t.api.post('/trips/stops/update-details', { tripId: trip.id, stopId, name: 'Capitola' }, { as: editor });
    expect(byEditor.status).toBe(200);
    const byViewer = await t.api.post('/trips/stops/update-details', { tripId: trip.id, stopId, name: 'Aptos' }, { as: viewer });
    expect(byViewer.status).toBe(403);
    expect((await stopRows(trip.id))[1].name).toBe('Capitola');
  });

  it('refuses half a position at the REST door', async () => {
    const owner = await buildUser(db());
    const trip = await buildTrip(db(), owner);
    const stopId = await threeStops(owner, trip);
    const response = await t.api.post('/trips/stops/update-details', { tripId: trip.id, stopId, latitude: 40 }, { as: owner });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(messages.stops.positionNeedsBoth);
  });
});
