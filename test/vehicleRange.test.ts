/**
 * The car and its range through both doors. The trip's vehicle is the owner's, set with POST /trips/road-settings:
 * row, live meta and details follow, every member sees it live, a bad value is refused with a clear message and
 * changes nothing, and the live door refuses any write of it (meta is the server's to mirror). A stop's `refuels`
 * is a plan field: the same value through POST /trips/stops/update-plan or a live edit leaves the same rows and
 * activity, and a bad one is refused by both with the same message; a station added live where the range runs out
 * is a fuel stop that refuels by its kind, as one made so through REST.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { addStop, DEFAULT_VEHICLE, messages, metaMap, planMessages, readMeta, refuelsAt, stopsMap, vehicleMessages, type TVehicle, ZTripDetail } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';
import { buildTrip, buildUser, tripWithCrew } from '@caravan/server/test';
import { waitFor } from '@caravan/collab-server/test';
import { useLiveClients } from './liveClients.ts';
import { useTestStack } from './stack.ts';

const t = useTestStack();
const online = useLiveClients(t);

const db = () => t.server.deps.dataSource;
const PATH = '/trips/road-settings';
const ev: TVehicle = { kind: 'electric', rangeKm: 402.3, reservePercent: 15, departureFillPercent: 90 };


const vehicleRow = async (tripId: string) => (await db().query(`SELECT vehicle FROM trips WHERE id = $1`, [tripId]))[0].vehicle;

describe("the trip's vehicle", () => {
  it('is none until the owner sets one; row, live meta for every member, and details follow', async () => {
    const { owner, editor, viewer, trip } = await tripWithCrew(db());
    expect(await vehicleRow(trip.id)).toBeNull();
    const watchers = [await online(editor, trip.id), await online(viewer, trip.id)];
    expect(readMeta(watchers[0].doc).vehicle).toEqual(DEFAULT_VEHICLE);

    const response = await t.api.post(PATH, { tripId: trip.id, vehicle: ev }, { as: owner });
    expect(response.status).toBe(200);
    expect(response.body.vehicle).toEqual(ev);
    expect(await vehicleRow(trip.id)).toEqual(ev);
    for (const client of watchers) await waitFor(() => readMeta(client.doc).vehicle?.kind === 'electric', 2000, 'the vehicle live');
    expect(readMeta(watchers[1].doc).vehicle).toEqual(ev);
    const details = await t.api.post('/trips/details', { tripId: trip.id }, { as: viewer });
    expect(ZTripDetail.strict().parse(details.body).vehicle).toEqual(ev);

    // Another setting alone keeps the vehicle.
    const limit = await t.api.post(PATH, { tripId: trip.id, dailyDriveLimitMinutes: 300 }, { as: owner });
    expect(limit.body.vehicle).toEqual(ev);
  });

  it('is the owner’s alone: an editor is refused', async () => {
    const { editor, trip } = await tripWithCrew(db());
    const response = await t.api.post(PATH, { tripId: trip.id, vehicle: ev }, { as: editor });
    expect(response.status).toBe(403);
    expect(await vehicleRow(trip.id)).toBeNull();
  });

  const badVehicles: Array<[string, unknown, string]> = [
    ['an unknown kind', { ...ev, kind: 'diesel' }, vehicleMessages.invalidVehicleKind],
    ['a range of 5 km', { ...ev, rangeKm: 5 }, vehicleMessages.invalidRange],
    ['a range of a million km', { ...ev, rangeKm: 1e6 }, vehicleMessages.invalidRange],
    ['a range as text', { ...ev, rangeKm: '400' }, vehicleMessages.invalidRange],
    ['a fuel car with no range', { ...ev, kind: 'fuel', rangeKm: null }, vehicleMessages.rangeRequired],
    ['a reserve of 60 %', { ...ev, reservePercent: 60 }, vehicleMessages.invalidReserve],
    ['a reserve of 10.5 %', { ...ev, reservePercent: 10.5 }, vehicleMessages.invalidReserve],
    ['a fill of 0 %', { ...ev, departureFillPercent: 0 }, vehicleMessages.invalidFill],
    ['a fill of 101 %', { ...ev, departureFillPercent: 101 }, vehicleMessages.invalidFill],
    ['a missing fill', { kind: 'fuel', rangeKm: 500, reservePercent: 10 }, vehicleMessages.invalidFill],
    ['an extra key', { ...ev, tank: 'big' }, 'Unrecognized extra properties: tank'],
    ['text', 'electric', vehicleMessages.invalidVehicle],
    ['null', null, vehicleMessages.invalidVehicle],
    ['a list', [ev], vehicleMessages.invalidVehicle],
    // Text no row can hold is refused before any field is read.
    ['a NUL in the kind', { ...ev, kind: 'electric\u0000' }, messages.validation.textNotAllowed],
    ['a lone surrogate kind', { ...ev, kind: '\ud800' }, messages.validation.textNotAllowed],
  ];

  it.each(badVehicles)('refuses %s with a clear message, changing nothing', async (_, vehicle, message) => {
    const { owner, trip } = await tripWithCrew(db());
    const response = await t.api.post(PATH, { tripId: trip.id, vehicle }, { as: owner });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(await vehicleRow(trip.id)).toBeNull();
  });

  it('is refused at the live door, whoever writes it', async () => {
    const owner = await buildUser(db());
    const trip = await buildTrip(db(), owner);
    const client = await online(owner, trip.id);
    client.doc.transact(() => metaMap(client.doc).set('vehicle', ev));
    await waitFor(() => client.closes.length > 0, 5000, 'the live door to refuse');
    expect(client.closes[0].reason).toBe('write outside stops');
    expect(await vehicleRow(trip.id)).toBeNull();
    const fresh = await online(owner, trip.id);
    expect(readMeta(fresh.doc).vehicle).toEqual(DEFAULT_VEHICLE);
  });
});

/** San Francisco (the factory's) and a fuel stop at Willits; returns Willits' id. */
async function willits(owner: User, trip: Trip): Promise<string> {
  const added = await t.api.post('/trips/stops', { tripId: trip.id, name: 'Willits', latitude: 39.41, longitude: -123.36 }, { as: owner });
  return added.body.id;
}

const stopRows = (tripId: string) => db().query(`SELECT name, kind, refuels FROM stops WHERE trip_id = $1 ORDER BY stop_order`, [tripId]);
const activityRows = (tripId: string) =>
  db().query(`SELECT activity_type AS "activityType", activity_data - 'stopId' AS "activityData", user_id AS "userId" FROM activities WHERE trip_id = $1 ORDER BY created_at, id`, [tripId]);

describe("a stop's refuels", () => {
  it('leaves the same rows and activity through either door, and reads back through the details', async () => {
    const owner = await buildUser(db(), { displayName: 'Maya' });
    const [restTrip, liveTrip] = [await buildTrip(db(), owner), await buildTrip(db(), owner)];
    const [restStop, liveStop] = [await willits(owner, restTrip), await willits(owner, liveTrip)];
    const live = await online(owner, liveTrip.id);

    const response = await t.api.post('/trips/stops/update-plan', { tripId: restTrip.id, stopId: restStop, kind: 'sight', refuels: true }, { as: owner });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ kind: 'sight', refuels: true });
    live.doc.transact(() => {
      stopsMap(live.doc).get(liveStop)!.set('kind', 'sight');
      stopsMap(live.doc).get(liveStop)!.set('refuels', true);
    });
    await live.saved();

    expect(await stopRows(restTrip.id)).toEqual([expect.objectContaining({ refuels: null }), { name: 'Willits', kind: 'sight', refuels: true }]);
    expect(await stopRows(liveTrip.id)).toEqual(await stopRows(restTrip.id));
    expect(await activityRows(liveTrip.id)).toEqual(await activityRows(restTrip.id));
    expect((await activityRows(restTrip.id)).at(-1)).toMatchObject({ activityType: 'stop_plan_updated' });

    // Back to "as its kind says" (null) at both doors.
    expect((await t.api.post('/trips/stops/update-plan', { tripId: restTrip.id, stopId: restStop, refuels: null }, { as: owner })).status).toBe(200);
    live.doc.transact(() => stopsMap(live.doc).get(liveStop)!.set('refuels', null));
    await live.saved();
    expect(await stopRows(liveTrip.id)).toEqual(await stopRows(restTrip.id));
    expect((await stopRows(liveTrip.id))[1].refuels).toBeNull();
  });

  it('is unset on a station added live where the range runs out, as on a fuel stop made through REST: both refuel by their kind', async () => {
    const owner = await buildUser(db());
    const [restTrip, liveTrip] = [await buildTrip(db(), owner), await buildTrip(db(), owner)];
    for (const trip of [restTrip, liveTrip]) await willits(owner, trip);
    const station = { name: 'Cloverdale Chargers', latitude: 38.8, longitude: -123.02 };
    const added = await t.api.post('/trips/stops', { tripId: restTrip.id, ...station }, { as: owner });
    expect(added.status).toBe(201);
    expect((await t.api.post('/trips/stops/reorder', { tripId: restTrip.id, stopId: added.body.id, newOrder: 1 }, { as: owner })).status).toBe(200);
    expect((await t.api.post('/trips/stops/update-plan', { tripId: restTrip.id, stopId: added.body.id, kind: 'fuel' }, { as: owner })).status).toBe(200);

    // The live door, as the page's station offer writes it (web corridorWrites.ts): inside its leg, a charging station as a fuel stop, refuels left to the kind.
    const live = await online(owner, liveTrip.id);
    live.doc.transact(() => addStop(live.doc, randomUUID(), { ...station, address: null, kind: 'fuel' }, 1));
    await live.saved();

    expect(await stopRows(liveTrip.id)).toEqual(await stopRows(restTrip.id));
    expect((await stopRows(liveTrip.id))[1]).toEqual({ name: station.name, kind: 'fuel', refuels: null });
    expect(refuelsAt((await stopRows(liveTrip.id))[1])).toBe(true);
  });

  it.each([['"yes"', 'yes'], ['1', 1], ['an object', { refuels: true }]])('refuses refuels %s at both doors with the same message, changing nothing', async (_, value) => {
    const owner = await buildUser(db());
    const trip = await buildTrip(db(), owner);
    const stopId = await willits(owner, trip);
    const [rowsBefore, activityBefore] = [await stopRows(trip.id), await activityRows(trip.id)];
    const response = await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId, refuels: value }, { as: owner });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(planMessages.invalidRefuels);

    const client = await online(owner, trip.id);
    client.doc.transact(() => stopsMap(client.doc).get(stopId)!.set('refuels', value));
    await waitFor(() => client.closes.length > 0, 5000, 'the live door to refuse');
    expect(client.closes[0].reason).toBe(`invalid value for refuels: ${planMessages.invalidRefuels}`);
    expect(await stopRows(trip.id)).toEqual(rowsBefore);
    expect(await activityRows(trip.id)).toEqual(activityBefore);
  });

  it('lets a viewer set neither', async () => {
    const { owner, viewer, trip } = await tripWithCrew(db());
    const stopId = await willits(owner, trip);
    const response = await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId, refuels: true }, { as: viewer });
    expect(response.status).toBe(403);
    expect((await stopRows(trip.id))[1].refuels).toBeNull();
  });
});
