/**
 * Mentions in stop comments: kept by user id (members only), telling the mentioned members ('mentioned') and
 * never the author; a member both mentioned and a commenter is told once; the member who added the stop hears
 * of comments on it.
 */
import { describe, expect, it } from 'vitest';
import { commentsMap, readMentions } from '@caravan/shared';
import type { User } from '@caravan/engine';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
type Who = 'owner' | 'editor' | 'viewer' | 'outsider';

const firstStopId = async (crew: Crew) => (await db().query(`SELECT id FROM stops WHERE trip_id = $1 ORDER BY stop_order LIMIT 1`, [crew.trip.id]))[0].id as string;
const comment = (crew: Crew, as: User, stopId: string, content: string, mentions?: unknown) =>
  t.api.post('/trips/comments/create', { tripId: crew.trip.id, stopId, content, ...(mentions === undefined ? {} : { mentions }) }, { as });
/** Who got a notification of each kind on the crew's trip, e.g. { mentioned: ['viewer'] }. */
async function told(crew: Crew): Promise<Record<string, Who[]>> {
  const rows: Array<{ user_id: number; kind: string }> = await db().query(`SELECT user_id, kind FROM notifications WHERE trip_id = $1 ORDER BY kind`, [crew.trip.id]);
  const byKind: Record<string, Who[]> = {};
  for (const row of rows) {
    const who = (['owner', 'editor', 'viewer', 'outsider'] as Who[]).find((name) => crew[name].id === row.user_id)!;
    (byKind[row.kind] ??= []).push(who);
  }
  for (const names of Object.values(byKind)) names.sort();
  return byKind;
}

describe('mentions in stop comments', () => {
  it('tell the mentioned members only: not a non-member, not the author; the comment keeps them by id', async () => {
    const crew = await tripWithCrew(db());
    const stopId = await firstStopId(crew);
    const posted = await comment(crew, crew.editor, stopId, '@Vera Viewer @Olive Owner look', [crew.viewer.id, crew.owner.id, crew.outsider.id, crew.editor.id, 999_999]);
    expect(posted.status).toBe(201);
    expect(posted.body.mentions).toEqual([
      { userId: crew.viewer.id, name: 'Vera Viewer' },
      { userId: crew.owner.id, name: 'Olive Owner' },
      { userId: crew.editor.id, name: 'Eddie Editor' },
    ]);
    expect(await told(crew)).toEqual({ mentioned: ['owner', 'viewer'] });
    const [mine] = (await t.api.post('/account/notifications', {}, { as: crew.viewer })).body.notifications;
    expect(mine).toMatchObject({ kind: 'mentioned', stopId, actorName: 'Eddie Editor', data: { stopName: expect.any(String) } });

    // The document and the rows agree, and the list call answers the same mentions.
    const { doc } = (await t.server.deps.tripDocs.open(crew.trip.id))!;
    expect(readMentions(commentsMap(doc).get(posted.body.id)?.get('mentions'))).toEqual(posted.body.mentions);
    const listed = await t.api.post('/trips/comments', { tripId: crew.trip.id, stopId }, { as: crew.viewer });
    expect(listed.body[0].mentions).toEqual(posted.body.mentions);
  });

  it('a mentioned member who also commented is told once, as mentioned', async () => {
    const crew = await tripWithCrew(db());
    const stopId = await firstStopId(crew);
    await comment(crew, crew.viewer, stopId, 'Is it open on Mondays?');
    await comment(crew, crew.owner, stopId, '@Vera Viewer yes', [crew.viewer.id]);
    const rows = await db().query(`SELECT kind FROM notifications WHERE trip_id = $1 AND user_id = $2`, [crew.trip.id, crew.viewer.id]);
    expect(rows).toEqual([{ kind: 'mentioned' }]);
  });

  it('a comment without mentions still posts as the contract says; bad mentions are a 400', async () => {
    const crew = await tripWithCrew(db());
    const stopId = await firstStopId(crew);
    const plain = await comment(crew, crew.viewer, stopId, 'Plain');
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ content: 'Plain', mentions: [] });
    for (const bad of ['1', [0], [1.5], ['x'], Array.from({ length: 51 }, (_, i) => i + 1)]) {
      const refused = await comment(crew, crew.viewer, stopId, 'Bad', bad);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('Mentions must be a list of at most 50 member IDs.');
    }
  });

  it('a comment on a stop tells the member who added it, whoever commented before', async () => {
    const crew = await tripWithCrew(db());
    const added = await t.api.post('/trips/stops', { tripId: crew.trip.id, name: 'Pictured Rocks', latitude: 46.56, longitude: -86.31 }, { as: crew.editor });
    expect(added.status).toBe(201);
    await comment(crew, crew.viewer, added.body.id, 'Kayak tour?');
    expect(await told(crew)).toEqual({ stop_commented: ['editor'] });
    // The adder commenting on their own stop tells the other commenter, not themself.
    await comment(crew, crew.editor, added.body.id, 'Booked');
    expect(await told(crew)).toEqual({ stop_commented: ['editor', 'viewer'] });
  });
});
