import { describe, expect, it } from 'vitest';
import { messages } from '@caravan/shared';
import { useTestServer } from '../../test/useTestServer.ts';
import { count, docActivity, membersVersion } from './collaborationFixture.ts';
import { tripWithCrew } from '../../test/tripWithCrew.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
const memberCount = (tripId: string) => count(db(), `SELECT 1 FROM trip_members WHERE trip_id = $1`, [tripId]);

describe('POST /trips/members', () => {
  it.each(['owner', 'editor', 'viewer'] as const)('lists every member with name, e-mail, avatar and role for the %s', async (as) => {
    const crew = await tripWithCrew(db());
    const response = await t.api.post('/trips/members', { tripId: crew.trip.id }, { as: crew[as] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { userId: crew.owner.id, displayName: 'Olive Owner', email: crew.owner.email, avatarUrl: null, role: 'owner' },
      { userId: crew.editor.id, displayName: 'Eddie Editor', email: crew.editor.email, avatarUrl: null, role: 'editor' },
      { userId: crew.viewer.id, displayName: 'Vera Viewer', email: crew.viewer.email, avatarUrl: null, role: 'viewer' },
    ]);
  });

  it('hides a private trip from non-members, refuses them on a public one, and needs a session', async () => {
    const crew = await tripWithCrew(db());
    const hidden = await t.api.post('/trips/members', { tripId: crew.trip.id }, { as: crew.outsider });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe(messages.trips.notFound);

    const open = await tripWithCrew(db(), { isPublic: true });
    const refused = await t.api.post('/trips/members', { tripId: open.trip.id }, { as: open.outsider });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain(open.owner.email);

    expect((await t.api.post('/trips/members', { tripId: crew.trip.id })).status).toBe(401);
  });

  it.each([
    [{ tripId: 'nope' }, messages.validation.invalidTripId],
    [{}, messages.validation.invalidTripId],
    [{ tripId: '00000000-0000-4000-8000-000000000000', extra: 1 }, 'Unrecognized extra properties: extra'],
  ])('refuses %j', async (body, message) => {
    const crew = await tripWithCrew(db());
    const response = await t.api.post('/trips/members', body, { as: crew.owner });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });
});

describe('POST /trips/members/remove', () => {
  it('lets the owner remove a member, records member_removed and signals the member list changed', async () => {
    const crew = await tripWithCrew(db());
    const before = await membersVersion(t.server.deps.tripDocs, crew.trip.id);

    const response = await t.api.post('/trips/members/remove', { tripId: crew.trip.id, userIdToRemove: crew.editor.id }, { as: crew.owner });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    const members = await t.api.post('/trips/members', { tripId: crew.trip.id }, { as: crew.owner });
    expect(members.body.map((member: { userId: number }) => member.userId)).toEqual([crew.owner.id, crew.viewer.id]);
    expect((await t.api.post('/trips/members', { tripId: crew.trip.id }, { as: crew.editor })).status).toBe(404);

    const [row] = await db().query(`SELECT user_id, activity_type, activity_data FROM activities WHERE trip_id = $1`, [crew.trip.id]);
    expect(row).toMatchObject({ user_id: crew.owner.id, activity_type: 'member_removed', activity_data: { removedMemberName: 'Eddie Editor' } });
    expect((await docActivity(t.server.deps.tripDocs, crew.trip.id)).at(-1)).toMatchObject({
      activityType: 'member_removed',
      displayName: 'Olive Owner',
      activityData: { removedMemberName: 'Eddie Editor' },
    });
    expect(await membersVersion(t.server.deps.tripDocs, crew.trip.id)).toBe(before + 1);
  });

  it.each([
    ['editor', 403],
    ['viewer', 403],
    ['outsider', 404],
  ] as const)('refuses the %s and removes nobody', async (as, status) => {
    const crew = await tripWithCrew(db());
    const response = await t.api.post('/trips/members/remove', { tripId: crew.trip.id, userIdToRemove: crew.viewer.id }, { as: crew[as] });
    expect(response.status).toBe(status);
    expect(await memberCount(crew.trip.id)).toBe(3);
    expect(await count(db(), `SELECT 1 FROM activities WHERE trip_id = $1`, [crew.trip.id])).toBe(0);
  });

  it('refuses anonymous callers', async () => {
    const crew = await tripWithCrew(db());
    const response = await t.api.post('/trips/members/remove', { tripId: crew.trip.id, userIdToRemove: crew.viewer.id });
    expect(response.status).toBe(401);
    expect(await memberCount(crew.trip.id)).toBe(3);
  });

  it('never removes the owner, and answers 404 for someone who is not a member', async () => {
    const crew = await tripWithCrew(db());
    const self = await t.api.post('/trips/members/remove', { tripId: crew.trip.id, userIdToRemove: crew.owner.id }, { as: crew.owner });
    expect(self.status).toBe(403);
    expect(self.body.error).toBe(messages.collaboration.members.cannotRemoveOwner);

    const stranger = await t.api.post('/trips/members/remove', { tripId: crew.trip.id, userIdToRemove: crew.outsider.id }, { as: crew.owner });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe(messages.collaboration.members.notFound);
    expect(await memberCount(crew.trip.id)).toBe(3);
  });

  it.each([
    [{ userIdToRemove: -1 }, messages.validation.invalidUserId],
    [{ userIdToRemove: '7' }, messages.validation.invalidUserId],
    [{ userIdToRemove: 1.5 }, messages.validation.invalidUserId],
  ])('refuses %j', async (body, message) => {
    const crew = await tripWithCrew(db());
    const response = await t.api.post('/trips/members/remove', { tripId: crew.trip.id, ...body }, { as: crew.owner });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });
});

describe('POST /trips/members/role', () => {
  const roleOf = async (tripId: string, userId: number) =>
    (await db().query(`SELECT role FROM trip_members WHERE trip_id = $1 AND user_id = $2`, [tripId, userId]))[0]?.role;

  it('lets the owner make an editor a viewer and back, with an activity entry each time and the members change signal', async () => {
    const crew = await tripWithCrew(db());
    const before = await membersVersion(t.server.deps.tripDocs, crew.trip.id);

    const demoted = await t.api.post('/trips/members/role', { tripId: crew.trip.id, userId: crew.editor.id, role: 'viewer' }, { as: crew.owner });

    expect(demoted.status).toBe(200);
    expect(demoted.body).toEqual({ userId: crew.editor.id, displayName: 'Eddie Editor', email: crew.editor.email, avatarUrl: null, role: 'viewer' });
    expect(await roleOf(crew.trip.id, crew.editor.id)).toBe('viewer');
    expect(await membersVersion(t.server.deps.tripDocs, crew.trip.id)).toBe(before + 1);
    expect((await docActivity(t.server.deps.tripDocs, crew.trip.id)).at(-1)).toMatchObject({
      activityType: 'member_role_changed',
      activityData: { memberName: 'Eddie Editor', memberUserId: crew.editor.id, role: 'viewer' },
      userId: crew.owner.id,
    });
    const feed = await t.api.post('/trips/activity', { tripId: crew.trip.id }, { as: crew.viewer });
    expect(feed.body[0]).toMatchObject({ activityType: 'member_role_changed', displayName: 'Olive Owner' });

    const promoted = await t.api.post('/trips/members/role', { tripId: crew.trip.id, userId: crew.viewer.id, role: 'editor' }, { as: crew.owner });
    expect(promoted.body.role).toBe('editor');
    expect(await roleOf(crew.trip.id, crew.viewer.id)).toBe('editor');
    // The new editor may now do what editors do over REST.
    const added = await t.api.post('/trips/stops', { tripId: crew.trip.id, name: 'Joshua Tree' }, { as: crew.viewer });
    expect(added.status).toBe(201);
  });

  it('records nothing when the member already has the role', async () => {
    const crew = await tripWithCrew(db());
    const before = await membersVersion(t.server.deps.tripDocs, crew.trip.id);
    const same = await t.api.post('/trips/members/role', { tripId: crew.trip.id, userId: crew.viewer.id, role: 'viewer' }, { as: crew.owner });
    expect(same.status).toBe(200);
    expect(await membersVersion(t.server.deps.tripDocs, crew.trip.id)).toBe(before);
    expect((await docActivity(t.server.deps.tripDocs, crew.trip.id)).some((entry) => entry.activityType === 'member_role_changed')).toBe(false);
  });

  it("refuses everyone but the owner, the owner's own role, non-members, and roles other than editor and viewer", async () => {
    const crew = await tripWithCrew(db());
    const change = (as: keyof typeof crew, body: Record<string, unknown>) =>
      t.api.post('/trips/members/role', { tripId: crew.trip.id, ...body }, { as: crew[as] as never });

    for (const as of ['editor', 'viewer'] as const) {
      expect((await change(as, { userId: crew.viewer.id, role: 'editor' })).status).toBe(403);
    }
    expect((await change('outsider', { userId: crew.viewer.id, role: 'editor' })).status).toBe(404);
    expect((await t.api.post('/trips/members/role', { tripId: crew.trip.id, userId: crew.viewer.id, role: 'editor' })).status).toBe(401);

    const own = await change('owner', { userId: crew.owner.id, role: 'viewer' });
    expect(own.status).toBe(403);
    expect(own.body.error).toBe(messages.collaboration.members.cannotChangeOwnerRole);

    const stranger = await change('owner', { userId: crew.outsider.id, role: 'editor' });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe(messages.collaboration.members.notFound);

    for (const role of ['owner', 'admin', '', null]) {
      const bad = await change('owner', { userId: crew.viewer.id, role });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(messages.collaboration.validation.invalidInviteRole);
    }
    expect((await change('owner', { userId: 0, role: 'editor' })).body.error).toBe(messages.validation.invalidUserId);

    expect(await roleOf(crew.trip.id, crew.viewer.id)).toBe('viewer');
    expect(await roleOf(crew.trip.id, crew.owner.id)).toBe('owner');
    expect(await roleOf(crew.trip.id, crew.outsider.id)).toBeUndefined();
  });
});
