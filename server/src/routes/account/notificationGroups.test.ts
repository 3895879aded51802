/**
 * The bell's grouped entries: notifications of one kind on one trip that came close together are one entry (its
 * newest, with how many and how many unread); a gap, another kind or another trip starts a new one. Marking an
 * entry read marks its notifications, only the caller's.
 */
import { describe, expect, it } from 'vitest';
import { messages, NOTIFICATION_GROUP_GAP_MS } from '@caravan/shared';
import type { User } from '@caravan/engine';
import { buildTrip } from '../../test/factories.ts';
import { tripWithCrew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;

/** Stores a notification for `user` made `minutesAgo` before now. */
async function notify(user: User, tripId: string, kind: string, minutesAgo: number, description: string) {
  await db().query(
    `INSERT INTO notifications (user_id, trip_id, kind, source_id, actor_name, data, created_at)
     VALUES ($1, $2, $3, gen_random_uuid(), 'Eddie Editor', $4::jsonb, now() - make_interval(secs => $5::float8 * 60))`,
    [user.id, tripId, kind, JSON.stringify({ description }), minutesAgo],
  );
}
const grouped = async (user: User, body: object = {}) => {
  const response = await t.api.post('/account/notifications/grouped', body, { as: user });
  expect(response.status).toBe(200);
  return response.body.groups as Array<{ id: string; kind: string; tripId: string; count: number; unread: number; read: boolean; ids: string[]; data: { description: string } }>;
};
const unread = async (user: User) => (await t.api.get('/account/notifications/unread_count', { as: user })).body.unread as number;

describe('grouped notifications', () => {
  it('fold a burst of one kind on one trip into one entry; a gap, another kind or trip starts another', async () => {
    const crew = await tripWithCrew(db());
    const other = await buildTrip(db(), crew.owner, { title: 'Coast' });
    await db().query(`INSERT INTO trip_members (trip_id, user_id, role) VALUES ($1, $2, 'viewer')`, [other.id, crew.viewer.id]);
    const gapMinutes = NOTIFICATION_GROUP_GAP_MS / 60_000;
    // Oldest first: a lone expense, then (after more than the gap) a burst of five within a minute each.
    await notify(crew.viewer, crew.trip.id, 'expense_added', 30, 'Lone');
    for (const [i, minutesAgo] of [10, 9.5, 9, 8.5, 8].entries()) await notify(crew.viewer, crew.trip.id, 'expense_added', minutesAgo, `Burst ${i + 1}`);
    await notify(crew.viewer, crew.trip.id, 'poll_closed', 8.7, 'Poll');
    await notify(crew.viewer, other.id, 'expense_added', 8.8, 'Other trip');
    expect(30 - 10).toBeGreaterThan(gapMinutes);

    const groups = await grouped(crew.viewer);
    expect(groups.map((group) => [group.kind, group.tripId === other.id ? 'other' : 'trip', group.data.description, group.count, group.unread])).toEqual([
      ['expense_added', 'trip', 'Burst 5', 5, 5],
      ['poll_closed', 'trip', 'Poll', 1, 1],
      ['expense_added', 'other', 'Other trip', 1, 1],
      ['expense_added', 'trip', 'Lone', 1, 1],
    ]);
    expect(groups[0].ids).toHaveLength(5);
    // The bell counts notifications, not entries.
    expect(await unread(crew.viewer)).toBe(8);

    // Paged like the list, by the last entry's id.
    const page = await grouped(crew.viewer, { limit: 2 });
    expect(page.map((group) => group.data.description)).toEqual(['Burst 5', 'Poll']);
    expect((await grouped(crew.viewer, { limit: 2, before: page[1].id })).map((group) => group.data.description)).toEqual(['Other trip', 'Lone']);

    // Marking an entry read marks its five; another member's ids are skipped, not marked.
    const marked = await t.api.post('/account/notifications/read_many', { ids: groups[0].ids }, { as: crew.editor });
    expect(marked.body).toEqual({ unread: 0 });
    expect(await unread(crew.viewer)).toBe(8);
    expect((await t.api.post('/account/notifications/read_many', { ids: groups[0].ids }, { as: crew.viewer })).body).toEqual({ unread: 3 });
    expect((await grouped(crew.viewer))[0]).toMatchObject({ count: 5, unread: 0, read: true });
  });

  it('refuses ids that are not notifications, and an empty list', async () => {
    const crew = await tripWithCrew(db());
    for (const ids of [[], ['x'], 'x']) {
      const refused = await t.api.post('/account/notifications/read_many', { ids }, { as: crew.viewer });
      expect(refused.status).toBe(400);
    }
    expect((await t.api.post('/account/notifications/read_many', { ids: [] }, { as: crew.viewer })).body.error).toBe(messages.notifications.invalidIds);
  });
});
