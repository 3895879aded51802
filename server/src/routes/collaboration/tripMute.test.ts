/** A member mutes a trip: nothing about it is stored for them (so no channel sends it) until they unmute. */
import { describe, expect, it } from 'vitest';
import { messages } from '@caravan/shared';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
type Who = 'owner' | 'editor' | 'viewer' | 'outsider';

const muteState = (crew: Crew, who: Who) => t.api.post('/trips/notifications/mute_state', { tripId: crew.trip.id }, { as: crew[who] });
const setMute = (crew: Crew, who: Who, muted: unknown) => t.api.post('/trips/notifications/mute', { tripId: crew.trip.id, muted }, { as: crew[who] });
const firstStopId = async (crew: Crew) => (await db().query(`SELECT id FROM stops WHERE trip_id = $1 ORDER BY stop_order LIMIT 1`, [crew.trip.id]))[0].id as string;
const kindsOf = async (crew: Crew, who: Who) =>
  (await db().query(`SELECT kind FROM notifications WHERE trip_id = $1 AND user_id = $2 ORDER BY created_at`, [crew.trip.id, crew[who].id])).map(
    (row: { kind: string }) => row.kind,
  );

describe('per-trip mute', () => {
  it.each(['owner', 'editor', 'viewer'] as const)('the %s mutes and unmutes the trip for themself only', async (who) => {
    const crew = await tripWithCrew(db());
    expect((await muteState(crew, who)).body).toEqual({ muted: false });
    expect((await setMute(crew, who, true)).body).toEqual({ muted: true });
    expect((await setMute(crew, who, true)).body).toEqual({ muted: true });
    expect((await muteState(crew, who)).body).toEqual({ muted: true });
    const other = who === 'owner' ? 'viewer' : 'owner';
    expect((await muteState(crew, other)).body).toEqual({ muted: false });
    expect((await setMute(crew, who, false)).body).toEqual({ muted: false });
    expect((await muteState(crew, who)).body).toEqual({ muted: false });
  });

  it('an outsider gets 404, nobody signed out 401, a muted that is not on or off 400', async () => {
    const crew = await tripWithCrew(db());
    expect((await muteState(crew, 'outsider')).status).toBe(404);
    expect((await setMute(crew, 'outsider', true)).status).toBe(404);
    expect((await t.api.post('/trips/notifications/mute', { tripId: crew.trip.id, muted: true })).status).toBe(401);
    const bad = await setMute(crew, 'viewer', 'yes');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(messages.notifications.invalidChoice);
  });

  it('suppresses every notification of the trip while on, mentions included; unmuting tells again', async () => {
    const crew = await tripWithCrew(db());
    const stopId = await firstStopId(crew);
    await setMute(crew, 'viewer', true);
    await t.api.post('/trips/comments/create', { tripId: crew.trip.id, stopId, content: 'First' }, { as: crew.viewer });
    await t.api.post('/trips/comments/create', { tripId: crew.trip.id, stopId, content: '@Vera Viewer @Eddie Editor see', mentions: [crew.viewer.id, crew.editor.id] }, { as: crew.owner });
    const listId = (await t.api.post('/trips/checklists/create', { tripId: crew.trip.id, title: 'Gear' }, { as: crew.editor })).body.id;
    await t.api.post('/trips/checklists/items/add', { tripId: crew.trip.id, listId, text: 'Tent', assignee: crew.viewer.id }, { as: crew.editor });
    expect(await kindsOf(crew, 'viewer')).toEqual([]);
    // The others still hear of it: the mute is the viewer's alone.
    expect(await kindsOf(crew, 'editor')).toEqual(['mentioned']);

    await setMute(crew, 'viewer', false);
    await t.api.post('/trips/checklists/items/add', { tripId: crew.trip.id, listId, text: 'Stove', assignee: crew.viewer.id }, { as: crew.editor });
    expect(await kindsOf(crew, 'viewer')).toEqual(['item_assigned']);
  });
});
