import { describe, expect, it } from 'vitest';
import { ACTIVITY_LIMIT, messages, readActivity } from '@caravan/shared';
import { addMember, buildUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import { recordActivity, serverOrigin } from '@caravan/engine';
import { liveDoc } from './collaborationFixture.ts';
import { tripWithCrew } from '../../test/tripWithCrew.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;

describe('POST /trips/activity', () => {
  it.each(['owner', 'editor', 'viewer'] as const)('shows the %s what happened, newest first, with names from the accounts', async (as) => {
    const crew = await tripWithCrew(db());
    await t.api.post('/trips/members/invite', { tripId: crew.trip.id, email: 'pal@example.com' }, { as: crew.owner });
    await t.api.post('/trips/suggestions/create', { tripId: crew.trip.id, name: 'Mackinac Island' }, { as: crew.viewer });
    const [{ id: suggestionId }] = await db().query(`SELECT id FROM stop_suggestions WHERE trip_id = $1`, [crew.trip.id]);
    await t.api.post('/trips/suggestions/review', { tripId: crew.trip.id, suggestionId, status: 'approved' }, { as: crew.editor });
    const companion = await buildUser(db(), { displayName: 'Cal Companion' });
    await addMember(db(), crew.trip, companion, 'viewer');
    await t.api.post('/trips/members/remove', { tripId: crew.trip.id, userIdToRemove: companion.id }, { as: crew.owner });

    const response = await t.api.post('/trips/activity', { tripId: crew.trip.id }, { as: crew[as] });

    expect(response.status).toBe(200);
    expect(response.body.map((entry: { activityType: string; displayName: string }) => [entry.activityType, entry.displayName])).toEqual([
      ['member_removed', 'Olive Owner'],
      ['suggestion_approved', 'Eddie Editor'],
      ['member_invited', 'Olive Owner'],
    ]);
    expect(response.body[0]).toEqual({
      id: expect.any(String),
      activityType: 'member_removed',
      activityData: { removedMemberName: 'Cal Companion', removedUserId: companion.id },
      userId: crew.owner.id,
      displayName: 'Olive Owner',
      avatarUrl: null,
      createdAt: expect.any(String),
    });
    expect(response.body[2].activityData).toMatchObject({ invitedEmail: 'pal@example.com' });
  });

  it('keeps every entry in the table and pages through more than the document holds', async () => {
    const crew = await tripWithCrew(db());
    const total = ACTIVITY_LIMIT + 15;
    const start = Date.now() - total * 1000;
    // A write records a handful of entries at most; the document trims to its newest ACTIVITY_LIMIT as it goes.
    for (let batch = 0; batch < total; batch += 50) {
      await t.server.deps.tripDocs.write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) =>
        transact(() => {
          for (let i = batch; i < Math.min(batch + 50, total); i++) {
            recordActivity(doc, crew.owner, 'trip_updated', { n: i }, new Date(start + i * 1000));
          }
        }),
      );
    }
    expect(readActivity(await liveDoc(t.server.deps.tripDocs, crew.trip.id))).toHaveLength(ACTIVITY_LIMIT);

    const first = await t.api.post('/trips/activity', { tripId: crew.trip.id }, { as: crew.viewer });
    expect(first.body).toHaveLength(50);
    expect(first.body[0].activityData).toEqual({ n: total - 1 });

    const seen: number[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await t.api.post('/trips/activity', { tripId: crew.trip.id, limit: 200, ...(before && { before }) }, { as: crew.viewer });
      expect(page.status).toBe(200);
      seen.push(...page.body.map((entry: { activityData: { n: number } }) => entry.activityData.n));
      if (page.body.length < 200) break;
      before = page.body.at(-1).id;
    }
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => total - 1 - i));
  });

  it('refuses non-members, anonymous callers and bad pages', async () => {
    const crew = await tripWithCrew(db());
    await t.api.post('/trips/members/invite', { tripId: crew.trip.id, email: 'secret@example.com' }, { as: crew.owner });
    const outsider = await t.api.post('/trips/activity', { tripId: crew.trip.id }, { as: crew.outsider });
    expect(outsider.status).toBe(404);
    expect(JSON.stringify(outsider.body)).not.toContain('secret@example.com');
    const open = await tripWithCrew(db(), { isPublic: true });
    expect((await t.api.post('/trips/activity', { tripId: open.trip.id }, { as: open.outsider })).status).toBe(403);
    expect((await t.api.post('/trips/activity', { tripId: crew.trip.id })).status).toBe(401);
    for (const body of [{ limit: 0 }, { limit: 201 }, { limit: 2.5 }]) {
      const bad = await t.api.post('/trips/activity', { tripId: crew.trip.id, ...body }, { as: crew.owner });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(messages.collaboration.validation.invalidActivityLimit);
    }
    const badCursor = await t.api.post('/trips/activity', { tripId: crew.trip.id, before: 'x' }, { as: crew.owner });
    expect(badCursor.body.error).toBe(messages.collaboration.validation.invalidActivityCursor);
  });
});
