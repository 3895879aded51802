/**
 * "We're here" and "We're running late" through both doors: the same day on the road told through
 * /trips/stops/update-progress and through members' live documents (real websocket Yjs clients writing with the
 * web app's writer) ends in the same `stops` rows and the same activity; an owner's arrival marks the stop visited,
 * an editor's records the arrival alone; a viewer cannot, and a bad value is refused with nothing changed.
 */
import { describe, expect, it } from 'vitest';
import { addStop, writeStopProgress } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
import { useLiveClients } from './liveClients.ts';
import { useTestStack } from './stack.ts';

const t = useTestStack();
const online = useLiveClients(t);

const db = () => t.server.deps.dataSource;
const ARRIVED = '2026-06-01T16:45:00.000Z';
const LATER = '2026-06-01T19:10:00.000Z';

async function crew() {
  const owner = await buildUser(db(), { displayName: 'Maya' });
  const editor = await buildUser(db(), { displayName: 'Theo' });
  const viewer = await buildUser(db(), { displayName: 'Ines' });
  const trip = await buildTrip(db(), owner);
  await addMember(db(), trip, editor, 'editor');
  await addMember(db(), trip, viewer, 'viewer');
  return { owner, editor, viewer, trip };
}

/** Two stops after the trip's first, added by call so both trips start alike. */
async function twoStops(owner: User, trip: Trip): Promise<[string, string]> {
  const as = { as: owner };
  const carmel = await t.api.post('/trips/stops', { tripId: trip.id, name: 'Carmel', latitude: 36.55, longitude: -121.92 }, as);
  const bigSur = await t.api.post('/trips/stops', { tripId: trip.id, name: 'Big Sur', latitude: 36.27, longitude: -121.81 }, as);
  return [carmel.body.id, bigSur.body.id];
}

async function stopRows(tripId: string) {
  return db().query(
    `SELECT name, visited, visited_at AS "visitedAt", arrived_at AS "arrivedAt", delay_minutes AS "delayMinutes"
       FROM stops WHERE trip_id = $1 ORDER BY stop_order`,
    [tripId],
  );
}

/** Entries of one write share their time: they are compared as a set, in a stable order. */
async function progressActivity(tripId: string) {
  const rows: object[] = await db().query(
    `SELECT activity_type AS "activityType", activity_data - 'stopId' AS "activityData", user_id AS "userId"
       FROM activities WHERE trip_id = $1 AND activity_type IN ('stop_visited', 'stop_arrived', 'stop_running_late') `,
    [tripId],
  );
  return byText(rows);
}

const byText = (rows: object[]) =>
  rows.map((row) => JSON.stringify(row, (_key, value) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort()) : value))).sort();

const expectedRows = [
  { name: 'San Francisco', visited: false, visitedAt: null, arrivedAt: null, delayMinutes: null },
  { name: 'Carmel', visited: true, visitedAt: new Date(ARRIVED), arrivedAt: new Date(ARRIVED), delayMinutes: null },
  { name: 'Big Sur', visited: false, visitedAt: null, arrivedAt: new Date(LATER), delayMinutes: 30 },
];

const expectedActivity = (owner: User, editor: User) => byText([
  { activityType: 'stop_visited', activityData: { stopName: 'Carmel', visited: true }, userId: owner.id },
  { activityType: 'stop_arrived', activityData: { stopName: 'Carmel', arrivedAt: ARRIVED }, userId: owner.id },
  { activityType: 'stop_running_late', activityData: { stopName: 'Big Sur', delayMinutes: 30 }, userId: editor.id },
  { activityType: 'stop_arrived', activityData: { stopName: 'Big Sur', arrivedAt: LATER }, userId: editor.id },
]);

describe('progress on the road from either door', () => {
  it('leaves the same rows and activity by call and by live edit; only an owner\'s arrival marks the stop visited', async () => {
    const rest = await crew();
    const live = await crew();
    const [restCarmel, restBigSur] = await twoStops(rest.owner, rest.trip);
    const [liveCarmel, liveBigSur] = await twoStops(live.owner, live.trip);

    const progress = (as: User, stopId: string, body: object) =>
      t.api.post('/trips/stops/update-progress', { tripId: rest.trip.id, stopId, ...body }, { as });
    const here = await progress(rest.owner, restCarmel, { arrivedAt: ARRIVED });
    expect(here.status).toBe(200);
    expect(here.body).toEqual({ arrivedAt: ARRIVED, delayMinutes: null, visited: true, visitedAt: ARRIVED });
    expect((await progress(rest.editor, restBigSur, { delayMinutes: 30 })).status).toBe(200);
    const editorHere = await progress(rest.editor, restBigSur, { arrivedAt: LATER });
    expect(editorHere.body).toMatchObject({ arrivedAt: LATER, delayMinutes: 30, visited: false });

    const liveWriter = async (member: User, marksVisited: boolean) => {
      const client = await online(member, live.trip.id);
      return async (stopId: string, fields: { arrivedAt?: string; delayMinutes?: number }) => {
        expect(writeStopProgress(client.doc, stopId, { ...fields, marksVisited })).toBe(true);
        await client.saved();
      };
    };
    const ownerWrites = await liveWriter(live.owner, true);
    await ownerWrites(liveCarmel, { arrivedAt: ARRIVED });
    const editorWrites = await liveWriter(live.editor, false);
    await editorWrites(liveBigSur, { delayMinutes: 30 });
    await editorWrites(liveBigSur, { arrivedAt: LATER });

    expect(await stopRows(rest.trip.id)).toEqual(expectedRows);
    expect(await stopRows(live.trip.id)).toEqual(expectedRows);
    expect(await progressActivity(rest.trip.id)).toEqual(expectedActivity(rest.owner, rest.editor));
    expect(await progressActivity(live.trip.id)).toEqual(expectedActivity(live.owner, live.editor));
  });

  it('refuses a viewer, a bad value and an empty request, and changes nothing', async () => {
    const { owner, viewer, trip } = await crew();
    const [carmel] = await twoStops(owner, trip);
    const before = await stopRows(trip.id);
    const send = (as: User, body: object) => t.api.post('/trips/stops/update-progress', { tripId: trip.id, stopId: carmel, ...body }, { as });

    expect((await send(viewer, { delayMinutes: 15 })).status).toBe(403);
    const cases: Array<[object, string]> = [
      [{ arrivedAt: '2026-06-01T10:45' }, 'arrivedAt must be a date and time with its offset'],
      [{ arrivedAt: '2026-02-30T10:00:00Z' }, 'arrivedAt must be a date and time with its offset'],
      [{ delayMinutes: 1441 }, 'delayMinutes must be a whole number of minutes from 0 to 1440'],
      [{ delayMinutes: 12.5 }, 'delayMinutes must be a whole number of minutes from 0 to 1440'],
      [{}, "Send arrivedAt or delayMinutes"],
      [{ delayMinutes: 15, visited: true }, ''],
    ];
    for (const [body, message] of cases) {
      const answer = await send(owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toContain(message);
    }
    expect((await t.api.post('/trips/stops/update-progress', { tripId: trip.id, stopId: crypto.randomUUID(), delayMinutes: 5 }, { as: owner })).status).toBe(404);
    expect(await stopRows(trip.id)).toEqual(before);
  });

  it("clears a delay with null, and a viewer's live write of progress is refused", async () => {
    const { owner, viewer, trip } = await crew();
    const [carmel] = await twoStops(owner, trip);
    await t.api.post('/trips/stops/update-progress', { tripId: trip.id, stopId: carmel, delayMinutes: 45 }, { as: owner });
    await t.api.post('/trips/stops/update-progress', { tripId: trip.id, stopId: carmel, delayMinutes: null }, { as: owner });
    expect((await stopRows(trip.id))[1].delayMinutes).toBeNull();

    const client = await online(viewer, trip.id);
    writeStopProgress(client.doc, carmel, { delayMinutes: 60, marksVisited: false });
    addStop(client.doc, crypto.randomUUID(), { name: 'Not mine' });
    // A read-only connection's writes never reach the trip: an owner's call after them still sees the trip unchanged.
    await t.api.post('/trips/stops/update-progress', { tripId: trip.id, stopId: carmel, arrivedAt: ARRIVED }, { as: owner });
    const rows = await stopRows(trip.id);
    expect(rows.map((row: { name: string }) => row.name)).toEqual(['San Francisco', 'Carmel', 'Big Sur']);
    expect(rows[1]).toMatchObject({ delayMinutes: null, arrivedAt: new Date(ARRIVED) });
  });
});
