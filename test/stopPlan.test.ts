/**
 * A stop's plan through either door: the same plan set with POST /trips/stops/update-plan and by a member's live
 * document (a real websocket Yjs client, as the web app writes) leaves the same stop rows and the same activity;
 * turning overnight off clears the lodging at both; a bad value is refused by both with the same message and
 * changes nothing; owners and editors plan, viewers do not.
 */
import { describe, expect, it } from 'vitest';
import { messages, orderedStops, planMessages, stopsMap, updateStop, type Lodging } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';
import { buildTrip, buildUser, tripWithCrew } from '@caravan/server/test';
import { waitFor } from '@caravan/collab-server/test';
import { useLiveClients } from './liveClients.ts';
import { useTestStack } from './stack.ts';

const t = useTestStack();
const online = useLiveClients(t);

const db = () => t.server.deps.dataSource;


/** San Francisco (the factory's) and Big Sur; returns Big Sur's id. */
async function bigSur(owner: User, trip: Trip): Promise<string> {
  const added = await t.api.post('/trips/stops', { tripId: trip.id, name: 'Big Sur', latitude: 36.27, longitude: -121.81 }, { as: owner });
  return added.body.id;
}

const lodging: Lodging = {
  name: 'Glen Oaks Big Sur',
  address: '47080 CA-1, Big Sur',
  checkIn: '16:00',
  checkOut: '11:00',
  confirmation: 'GO-4471',
  url: 'https://glenoaksbigsur.com',
  price: { amountMinor: 42_500, currency: 'USD' },
  nights: 2,
};
const plan = { kind: 'nature', stayMinutes: 150, fixedTime: '10:30', openingHours: 'Mo-Su 08:00-20:00; Tu off', overnight: true, lodging } as const;

async function stopRows(tripId: string) {
  return db().query(
    `SELECT name, kind, stay_minutes, fixed_time, opening_hours, overnight, lodging FROM stops WHERE trip_id = $1 ORDER BY stop_order`,
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

describe('planning a stop through either door', () => {
  it('leaves the same rows and activity for a REST plan and a live plan', async () => {
    const owner = await buildUser(db(), { displayName: 'Maya' });
    const [restTrip, liveTrip] = [await buildTrip(db(), owner), await buildTrip(db(), owner)];
    const [restStop, liveStop] = [await bigSur(owner, restTrip), await bigSur(owner, liveTrip)];
    const liveEditor = await online(owner, liveTrip.id);

    const response = await t.api.post('/trips/stops/update-plan', { tripId: restTrip.id, stopId: restStop, ...plan }, { as: owner });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: restStop, ...plan });
    liveEditor.doc.transact(() => updateStop(liveEditor.doc, liveStop, plan));
    await liveEditor.saved();

    const rows = await stopRows(restTrip.id);
    expect(rows[1]).toEqual({ name: 'Big Sur', kind: 'nature', stay_minutes: 150, fixed_time: '10:30', opening_hours: plan.openingHours, overnight: true, lodging });
    expect(rows[0]).toMatchObject({ kind: null, stay_minutes: null, overnight: false, lodging: null });
    expect(await stopRows(liveTrip.id)).toEqual(rows);

    const planned = { activityType: 'stop_plan_updated', activityData: { stopName: 'Big Sur' }, userId: owner.id };
    expect((await activityRows(restTrip.id)).at(-1)).toEqual(planned);
    expect(await activityRows(liveTrip.id)).toEqual(await activityRows(restTrip.id));

    const details = await t.api.post('/trips/details', { tripId: liveTrip.id }, { as: owner });
    expect(details.body.stops[1]).toMatchObject(plan);
  });

  it('clears the lodging when overnight turns off, through either door (a live client that leaves it gets it cleared)', async () => {
    const owner = await buildUser(db());
    const [restTrip, liveTrip] = [await buildTrip(db(), owner), await buildTrip(db(), owner)];
    const [restStop, liveStop] = [await bigSur(owner, restTrip), await bigSur(owner, liveTrip)];
    for (const [trip, stopId] of [[restTrip, restStop], [liveTrip, liveStop]] as const) {
      expect((await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId, overnight: true, lodging }, { as: owner })).status).toBe(200);
    }
    const liveEditor = await online(owner, liveTrip.id);

    const off = await t.api.post('/trips/stops/update-plan', { tripId: restTrip.id, stopId: restStop, overnight: false }, { as: owner });
    expect(off.body).toMatchObject({ overnight: false, lodging: null });
    // Only overnight, as a client unaware of the rule would write it: the server clears the lodging after it.
    liveEditor.doc.transact(() => stopsMap(liveEditor.doc).get(liveStop)!.set('overnight', false));
    await waitFor(() => stopsMap(liveEditor.doc).get(liveStop)!.get('lodging') === null, 5000, 'the server to clear the lodging');
    await liveEditor.saved();

    expect((await stopRows(restTrip.id))[1]).toMatchObject({ overnight: false, lodging: null });
    expect(await stopRows(liveTrip.id)).toEqual(await stopRows(restTrip.id));
    expect(await activityRows(liveTrip.id)).toEqual(await activityRows(restTrip.id));
    const watcher = await online(owner, restTrip.id);
    expect(stopsMap(watcher.doc).get(restStop)!.get('lodging')).toBeNull();
  });

  it('refuses lodging on a stop that is not an overnight one at the REST door', async () => {
    const owner = await buildUser(db());
    const trip = await buildTrip(db(), owner);
    const stopId = await bigSur(owner, trip);
    for (const body of [{ lodging }, { overnight: false, lodging }]) {
      const response = await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId, ...body }, { as: owner });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(planMessages.lodgingNeedsOvernight);
    }
    expect((await stopRows(trip.id))[1]).toMatchObject({ overnight: false, lodging: null });
  });

  it('records nothing for a plan that changes nothing, through either door', async () => {
    const owner = await buildUser(db());
    const trip = await buildTrip(db(), owner);
    const stopId = await bigSur(owner, trip);
    expect((await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId, ...plan }, { as: owner })).status).toBe(200);
    const before = await activityRows(trip.id);
    expect((await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId, ...plan }, { as: owner })).status).toBe(200);
    const client = await online(owner, trip.id);
    client.doc.transact(() => {
      stopsMap(client.doc).get(stopId)!.set('stayMinutes', 150);
      stopsMap(client.doc).get(stopId)!.set('lodging', { ...lodging });
    });
    await client.saved();
    expect(await activityRows(trip.id)).toEqual(before);
  });

  const bad = (values: Record<string, unknown>) => values;
  const withLodging = (change: Partial<Record<keyof Lodging, unknown>>) => bad({ overnight: true, lodging: { ...lodging, ...change } });
  const badValues: Array<[string, Record<string, unknown>, string, string]> = [
    ['a stay of -1', bad({ stayMinutes: -1 }), 'stayMinutes', planMessages.invalidStay(10_080)],
    ['a stay of 10081', bad({ stayMinutes: 10_081 }), 'stayMinutes', planMessages.invalidStay(10_080)],
    ['a stay of 1.5', bad({ stayMinutes: 1.5 }), 'stayMinutes', planMessages.invalidStay(10_080)],
    ['hours "Mo-Fx"', bad({ openingHours: 'Mo-Fx 09:00-17:00' }), 'openingHours', planMessages.invalidOpeningHours],
    ['300-character hours', bad({ openingHours: `Mo-Fr 09:00-17:00${'; PH off'.repeat(36)}` }), 'openingHours', planMessages.openingHoursTooLong(255)],
    ['a NUL in the hours', bad({ openingHours: 'Mo-Fr\u0000 09:00-17:00' }), 'openingHours', messages.validation.textNotAllowed],
    ['a lodging without a name', withLodging({ name: undefined }), 'lodging', planMessages.lodgingNameRequired],
    ['an http:// link', withLodging({ url: 'http://glenoaksbigsur.com' }), 'lodging', planMessages.invalidLodgingUrl],
    ['a link with a user name and password', withLodging({ url: 'https://glenoaksbigsur.com:login@example.net/' }), 'lodging', planMessages.lodgingUrlWithCredentials],
    ['a price of 1.5', withLodging({ price: { amountMinor: 1.5, currency: 'USD' } }), 'lodging', planMessages.invalidLodgingPrice],
    ['0 nights', withLodging({ nights: 0 }), 'lodging', planMessages.invalidNights(60)],
  ];

  it.each(badValues)('refuses %s at both doors with the same message, changing nothing', async (_, values, key, message) => {
    const owner = await buildUser(db());
    const trip = await buildTrip(db(), owner);
    const stopId = await bigSur(owner, trip);
    const [rowsBefore, activityBefore] = [await stopRows(trip.id), await activityRows(trip.id)];

    const response = await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId, ...values }, { as: owner });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);

    const client = await online(owner, trip.id);
    client.doc.transact(() => {
      const stop = stopsMap(client.doc).get(stopId)!;
      // The refused key last, so the live door meets the valid ones first and must still refuse the whole update.
      for (const [field, value] of Object.entries(values).sort(([a], [b]) => (a === key ? 1 : b === key ? -1 : 0))) stop.set(field, value);
    });
    await waitFor(() => client.closes.length > 0, 5000, 'the live door to refuse');
    expect(client.closes[0].reason).toBe(`invalid value for ${key}: ${message}`);

    expect(await stopRows(trip.id)).toEqual(rowsBefore);
    expect(await activityRows(trip.id)).toEqual(activityBefore);
  });

  it('refuses a lone surrogate at the REST door; the live door cannot receive one (Yjs sends text as UTF-8)', async () => {
    const owner = await buildUser(db());
    const trip = await buildTrip(db(), owner);
    const stopId = await bigSur(owner, trip);
    const sent = { overnight: true, lodging: { ...lodging, name: 'Glen \ud800Oaks' } };
    const response = await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId, ...sent }, { as: owner });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(messages.validation.textNotAllowed);
    expect((await stopRows(trip.id))[1]).toMatchObject({ overnight: false, lodging: null });

    const client = await online(owner, trip.id);
    client.doc.transact(() => updateStop(client.doc, stopId, sent));
    await client.saved();
    expect((await stopRows(trip.id))[1].lodging.name).toBe('Glen \ufffdOaks');
  });

  it('lets an editor plan a stop and refuses a viewer at both doors', async () => {
    const { owner, editor, viewer, trip } = await tripWithCrew(db());
    const stopId = await bigSur(owner, trip);
    const byEditor = await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId, kind: 'sight', stayMinutes: 45 }, { as: editor });
    expect(byEditor.status).toBe(200);
    const byViewer = await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId, stayMinutes: 600 }, { as: viewer });
    expect(byViewer.status).toBe(403);

    const ownerClient = await online(owner, trip.id);
    const viewerClient = await online(viewer, trip.id);
    viewerClient.doc.transact(() => stopsMap(viewerClient.doc).get(stopId)!.set('stayMinutes', 600));
    // The owner's later edit landing shows the viewer's write was processed (and dropped) before it.
    ownerClient.doc.transact(() => stopsMap(ownerClient.doc).get(stopId)!.set('fixedTime', '09:00'));
    await ownerClient.saved();
    expect(stopsMap(ownerClient.doc).get(stopId)!.get('stayMinutes')).toBe(45);
    expect((await stopRows(trip.id))[1]).toMatchObject({ kind: 'sight', stay_minutes: 45, fixed_time: '09:00' });
  });

  it("seeds a trip's first document with the plan its rows hold", async () => {
    const owner = await buildUser(db());
    const trip = await buildTrip(db(), owner);
    await db().query(
      `UPDATE stops SET kind = 'food', stay_minutes = 45, opening_hours = 'Mo-Fr 09:00-17:00', overnight = true, lodging = $2::jsonb WHERE trip_id = $1`,
      [trip.id, JSON.stringify(lodging)],
    );
    const doc = (await t.server.deps.tripDocs.open(trip.id))!.doc;
    const [stop] = orderedStops(doc);
    expect(stop).toMatchObject({ kind: 'food', stayMinutes: 45, fixedTime: null, openingHours: 'Mo-Fr 09:00-17:00', overnight: true, lodging });
  });

  it('refuses a body with no plan field', async () => {
    const owner = await buildUser(db());
    const trip = await buildTrip(db(), owner);
    const stopId = await bigSur(owner, trip);
    const response = await t.api.post('/trips/stops/update-plan', { tripId: trip.id, stopId }, { as: owner });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(planMessages.planFieldRequired);
  });
});
