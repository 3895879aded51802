import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { messages, readActivity, readComments } from '@caravan/shared';
import { useTestServer } from '../../test/useTestServer.ts';
import { liveDoc } from './collaborationFixture.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
const c = messages.collaboration;

const commentRows = (tripId: string) => db().query(`SELECT id, content, user_id, resolved FROM comments WHERE trip_id = $1`, [tripId]);

async function firstStopId(crew: Crew): Promise<string> {
  const [row] = await db().query(`SELECT id FROM stops WHERE trip_id = $1 ORDER BY stop_order LIMIT 1`, [crew.trip.id]);
  return row.id;
}

async function comment(crew: Crew, as: keyof Omit<Crew, 'trip'>, content = 'Worth the detour?', stopId?: string) {
  return t.api.post(
    '/trips/comments/create',
    { tripId: crew.trip.id, stopId: stopId ?? (await firstStopId(crew)), content },
    { as: crew[as] },
  );
}

describe('POST /trips/comments/create', () => {
  it.each(['owner', 'editor', 'viewer'] as const)('lets the %s comment, with the name and avatar of their account', async (as) => {
    const crew = await tripWithCrew(db());
    await db().query(`UPDATE users SET avatar_url = 'https://img.example/a.png' WHERE id = $1`, [crew[as].id]);
    const stopId = await firstStopId(crew);

    const response = await comment(crew, as, '  Worth the detour?  ', stopId);

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      stopId,
      userId: crew[as].id,
      content: 'Worth the detour?',
      resolved: false,
      createdAt: expect.any(String),
      userDisplayName: crew[as].displayName,
      userAvatarUrl: 'https://img.example/a.png',
      // Beyond the contract's fields: the members it mentions (none here).
      mentions: [],
    });
    const doc = await liveDoc(t.server.deps.tripDocs, crew.trip.id);
    expect(readComments(doc)).toMatchObject([{ id: response.body.id, content: 'Worth the detour?', userDisplayName: crew[as].displayName }]);
    expect(readActivity(doc).at(-1)).toMatchObject({ activityType: 'comment_added', activityData: { stopName: 'San Francisco', stopId } });
    expect(await commentRows(crew.trip.id)).toMatchObject([{ id: response.body.id, user_id: crew[as].id, resolved: false }]);
  });

  it.each([
    [{ content: '' }, c.validation.commentEmpty],
    [{ content: ' \n\t ' }, c.validation.commentEmpty],
    [{ content: 'x'.repeat(2001) }, c.validation.commentTooLong],
    [{ content: 'Hi', userDisplayName: 'The Owner' }, 'Unrecognized extra properties: userDisplayName'],
    [{ content: 'Hi', stopId: 'first' }, c.validation.stopIdRequired],
  ])('refuses %j and writes nothing', async (body, message) => {
    const crew = await tripWithCrew(db());
    const response = await t.api.post('/trips/comments/create', { tripId: crew.trip.id, stopId: await firstStopId(crew), ...body }, { as: crew.viewer });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(await commentRows(crew.trip.id)).toEqual([]);
  });

  it('takes 2,000 characters', async () => {
    const crew = await tripWithCrew(db());
    expect((await comment(crew, 'viewer', 'x'.repeat(2000))).status).toBe(201);
  });

  it("refuses a stop that is not one of the trip's", async () => {
    const crew = await tripWithCrew(db());
    const other = await tripWithCrew(db());
    for (const stopId of [randomUUID(), await firstStopId(other)]) {
      const response = await comment(crew, 'viewer', 'Hello', stopId);
      expect(response.status).toBe(404);
      expect(response.body.error).toBe(c.comments.stopNotFound);
    }
    expect(await commentRows(crew.trip.id)).toEqual([]);
  });

  it('refuses non-members and anonymous callers', async () => {
    const crew = await tripWithCrew(db());
    expect((await comment(crew, 'outsider')).status).toBe(404);
    const open = await tripWithCrew(db(), { isPublic: true });
    expect((await comment(open, 'outsider')).status).toBe(403);
    const anonymous = await t.api.post('/trips/comments/create', { tripId: crew.trip.id, stopId: await firstStopId(crew), content: 'Hi' });
    expect(anonymous.status).toBe(401);
    expect(await commentRows(crew.trip.id)).toEqual([]);
    expect(await commentRows(open.trip.id)).toEqual([]);
  });
});

describe('POST /trips/comments', () => {
  it.each(['owner', 'editor', 'viewer'] as const)('lists the comments oldest first for the %s, optionally for one stop', async (as) => {
    const crew = await tripWithCrew(db());
    const stopId = await firstStopId(crew);
    await comment(crew, 'viewer', 'First');
    await comment(crew, 'owner', 'Second');

    const all = await t.api.post('/trips/comments', { tripId: crew.trip.id }, { as: crew[as] });
    expect(all.status).toBe(200);
    expect(all.body.map((row: { content: string; userDisplayName: string }) => [row.content, row.userDisplayName])).toEqual([
      ['First', 'Vera Viewer'],
      ['Second', 'Olive Owner'],
    ]);
    const forStop = await t.api.post('/trips/comments', { tripId: crew.trip.id, stopId }, { as: crew[as] });
    expect(forStop.body).toHaveLength(2);
    const forOther = await t.api.post('/trips/comments', { tripId: crew.trip.id, stopId: randomUUID() }, { as: crew[as] });
    expect(forOther.body).toEqual([]);
  });

  it("shows the author's current name, whatever was true when they wrote", async () => {
    const crew = await tripWithCrew(db());
    await comment(crew, 'viewer', 'Hello');
    await db().query(`UPDATE users SET display_name = 'Vera V.' WHERE id = $1`, [crew.viewer.id]);
    const list = await t.api.post('/trips/comments', { tripId: crew.trip.id }, { as: crew.owner });
    expect(list.body[0].userDisplayName).toBe('Vera V.');
  });

  it('refuses non-members and anonymous callers', async () => {
    const crew = await tripWithCrew(db());
    await comment(crew, 'viewer', 'Private thought');
    const outsider = await t.api.post('/trips/comments', { tripId: crew.trip.id }, { as: crew.outsider });
    expect(outsider.status).toBe(404);
    expect(JSON.stringify(outsider.body)).not.toContain('Private thought');
    expect((await t.api.post('/trips/comments', { tripId: crew.trip.id })).status).toBe(401);
  });
});

describe('POST /trips/comments/resolve', () => {
  it.each(['owner', 'editor'] as const)('lets the %s resolve and unresolve a comment', async (as) => {
    const crew = await tripWithCrew(db());
    const { body: created } = await comment(crew, 'viewer');
    const resolve = (resolved: boolean) =>
      t.api.post('/trips/comments/resolve', { tripId: crew.trip.id, commentId: created.id, resolved }, { as: crew[as] });

    const resolved = await resolve(true);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toEqual({ ...created, resolved: true });
    const doc = await liveDoc(t.server.deps.tripDocs, crew.trip.id);
    expect(readComments(doc)[0].resolved).toBe(true);
    expect(readActivity(doc).at(-1)).toMatchObject({ activityType: 'comment_resolved', displayName: crew[as].displayName, activityData: { resolved: true } });
    expect(await commentRows(crew.trip.id)).toMatchObject([{ resolved: true }]);

    expect((await resolve(false)).body.resolved).toBe(false);
    expect(await commentRows(crew.trip.id)).toMatchObject([{ resolved: false }]);
  });

  it('records nothing when the comment already has that state', async () => {
    const crew = await tripWithCrew(db());
    const { body: created } = await comment(crew, 'viewer');
    const before = readActivity(await liveDoc(t.server.deps.tripDocs, crew.trip.id)).length;
    const response = await t.api.post('/trips/comments/resolve', { tripId: crew.trip.id, commentId: created.id, resolved: false }, { as: crew.owner });
    expect(response.status).toBe(200);
    expect(readActivity(await liveDoc(t.server.deps.tripDocs, crew.trip.id))).toHaveLength(before);
  });

  it.each([
    ['viewer', 403],
    ['outsider', 404],
  ] as const)('refuses the %s and leaves the comment as it was', async (as, status) => {
    const crew = await tripWithCrew(db());
    const { body: created } = await comment(crew, 'viewer');
    const response = await t.api.post('/trips/comments/resolve', { tripId: crew.trip.id, commentId: created.id, resolved: true }, { as: crew[as] });
    expect(response.status).toBe(status);
    expect(await commentRows(crew.trip.id)).toMatchObject([{ resolved: false }]);
    expect(readComments(await liveDoc(t.server.deps.tripDocs, crew.trip.id))[0].resolved).toBe(false);
  });

  it('refuses anonymous callers, unknown comments and a missing flag', async () => {
    const crew = await tripWithCrew(db());
    const { body: created } = await comment(crew, 'viewer');
    expect((await t.api.post('/trips/comments/resolve', { tripId: crew.trip.id, commentId: created.id, resolved: true })).status).toBe(401);
    const unknown = await t.api.post('/trips/comments/resolve', { tripId: crew.trip.id, commentId: randomUUID(), resolved: true }, { as: crew.owner });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(c.comments.notFound);
    const missing = await t.api.post('/trips/comments/resolve', { tripId: crew.trip.id, commentId: created.id }, { as: crew.owner });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(c.validation.resolvedRequired);
    expect(await commentRows(crew.trip.id)).toMatchObject([{ resolved: false }]);
  });
});
