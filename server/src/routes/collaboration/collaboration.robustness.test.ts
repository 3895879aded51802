/** No body, however malformed, makes a collaboration call answer 5xx; refused calls change nothing. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/useTestServer.ts';
import { tripWithCrew } from './collaborationFixture.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;

const posts = [
  '/trips/members',
  '/trips/members/remove',
  '/trips/members/invite',
  '/trips/invitations/details',
  '/trips/invitations/accept',
  '/trips/suggestions',
  '/trips/suggestions/create',
  '/trips/suggestions/review',
  '/trips/comments',
  '/trips/comments/create',
  '/trips/comments/resolve',
  '/trips/activity',
];

async function tableCounts(): Promise<Record<string, number>> {
  const [row] = await db().query(
    `SELECT (SELECT count(*)::int FROM trip_members) AS members, (SELECT count(*)::int FROM invitations) AS invitations,
            (SELECT count(*)::int FROM stop_suggestions) AS suggestions, (SELECT count(*)::int FROM comments) AS comments,
            (SELECT count(*)::int FROM stops) AS stops`,
  );
  return row;
}

describe('robustness of the collaboration calls', () => {
  it('answers every random body with a 2xx or 4xx and an error text, never a 5xx', async () => {
    const crew = await tripWithCrew(db());
    const [{ id: stopId }] = await db().query(`SELECT id FROM stops WHERE trip_id = $1`, [crew.trip.id]);
    const value = fc.oneof(
      fc.constantFrom(crew.trip.id, stopId, crew.outsider.id, '\u0000', 'a\u0000b', '', ' ', 'pending', 'approved', 'viewer', 'owner', 'x@y.co'),
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.jsonValue(),
    );
    const anyBody = fc.oneof(
      fc.jsonValue().map((json) => JSON.stringify(json)),
      fc.string(),
      fc.dictionary(
        fc.constantFrom('tripId', 'userIdToRemove', 'email', 'role', 'invitationToken', 'status', 'name', 'address', 'latitude',
          'longitude', 'notes', 'suggestionId', 'stopId', 'content', 'commentId', 'resolved', 'limit', 'before'),
        value,
      ).map((json) => JSON.stringify(json)),
    );
    const before = await tableCounts();
    const created = { suggestions: 0, comments: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts), anyBody, fc.constantFrom('viewer', 'outsider', null), async (path, body, as) => {
        const response = await t.api.post(path, body, { as: as && crew[as] });
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) expect(typeof response.body?.error).toBe('string');
        if (response.status === 201 && path === '/trips/suggestions/create') created.suggestions += 1;
        if (response.status === 201 && path === '/trips/comments/create') created.comments += 1;
      }),
      { numRuns: 500 },
    );
    // Only what a viewer may do, and succeeded, changed anything.
    expect(await tableCounts()).toEqual({
      ...before,
      suggestions: before.suggestions + created.suggestions,
      comments: before.comments + created.comments,
    });
    const invitations = await t.api.get(`/trips/invitations?tripId=${encodeURIComponent('\u0000')}`, { as: crew.owner });
    expect(invitations.status).toBe(400);
  });
});
