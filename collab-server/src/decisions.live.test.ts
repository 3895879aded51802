import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { COLLAB_CLOSE, pollsMap, readActivity, readPoll, recordMap, suggestionTally, suggestionsMap, votesMap, voteKey, type DocPoll } from '@caravan/shared';
import { serverOrigin } from '@caravan/engine';
import { waitFor } from './test/collabClient.ts';
import { useCollabTrips } from './test/useCollabTrips.ts';

const { t, clients, connect, tripWith, serverDoc } = useCollabTrips();

const newPoll = (createdBy: number): DocPoll => ({
  question: 'Where do we sleep?',
  options: ['Big Sur', 'Carmel'],
  multiple: false,
  closesAt: null,
  createdBy,
  createdAt: new Date().toISOString(),
  closedAt: null,
  closedBy: null,
});

const committed = (tripId: string) => waitFor(() => !t.collab.rooms.get(tripId)!.hasUnwritten, 5000, 'the batch to commit');

describe('votes and polls over the live door', () => {
  it("takes a viewer's own vote on a suggestion and refuses one under another member's id", async () => {
    const { owner, trip, members } = await tripWith(['viewer', 'viewer']);
    const [vera, vic] = members;
    const suggestionId = randomUUID();
    await t.collab.hub.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
      transact(() =>
        suggestionsMap(doc).set(
          suggestionId,
          recordMap({ id: suggestionId, name: 'Big Sur', status: 'pending', suggestedBy: vera.id, suggestedByDisplayName: 'Vera', createdAt: new Date().toISOString() }),
        ),
      ),
    );
    const viewer = await connect(trip.id, vera);
    await waitFor(() => suggestionsMap(viewer.doc).has(suggestionId), 5000, 'the suggestion to arrive');
    votesMap(viewer.doc).set(voteKey('suggestion', suggestionId, vera.id), 'up');
    await viewer.saved();
    expect(suggestionTally(serverDoc(trip.id), suggestionId, vera.id)).toEqual({ up: 1, down: 0, mine: 'up' });

    const other = await connect(trip.id, vic);
    votesMap(other.doc).set(voteKey('suggestion', suggestionId, vera.id), 'down');
    await waitFor(() => other.closes.length > 0, 5000, 'the socket to close');
    expect(other.closes[0].code).toBe(COLLAB_CLOSE.writeRefused);
    clients.splice(clients.indexOf(other), 1);
    other.destroy();
    expect(suggestionTally(serverDoc(trip.id), suggestionId, vera.id)).toEqual({ up: 1, down: 0, mine: 'up' });
  });

  it('refuses a poll a viewer starts; an editor starts and closes one, and the feed says who closed it and what won', async () => {
    const { trip, members } = await tripWith(['viewer', 'editor']);
    const [vera, eddie] = members;
    const viewer = await connect(trip.id, vera);
    pollsMap(viewer.doc).set(randomUUID(), newPoll(vera.id));
    await waitFor(() => viewer.closes.length > 0, 5000, 'the viewer socket to close');
    expect(viewer.closes[0]).toMatchObject({ code: COLLAB_CLOSE.writeRefused, reason: 'may not start polls' });
    clients.splice(clients.indexOf(viewer), 1);
    viewer.destroy();
    expect(pollsMap(serverDoc(trip.id)).size).toBe(0);

    const editor = await connect(trip.id, eddie);
    const pollId = randomUUID();
    pollsMap(editor.doc).set(pollId, newPoll(eddie.id));
    votesMap(editor.doc).set(voteKey('poll', pollId, eddie.id), [0]);
    await editor.saved();
    const voter = await connect(trip.id, vera);
    votesMap(voter.doc).set(voteKey('poll', pollId, vera.id), [0]);
    await voter.saved();
    pollsMap(editor.doc).set(pollId, { ...(pollsMap(editor.doc).get(pollId) as DocPoll), closedAt: new Date().toISOString(), closedBy: eddie.id });
    await editor.saved();
    await committed(trip.id);
    const closed = readPoll(serverDoc(trip.id), pollId, vera.id)!;
    expect(closed).toMatchObject({ open: false, results: { counts: [2, 0], leaders: [0], mine: [0] } });
    const [entry] = readActivity(serverDoc(trip.id)).filter((activity) => activity.activityType === 'poll_closed');
    expect(entry).toMatchObject({ userId: eddie.id, activityData: { pollId, question: 'Where do we sleep?', winner: 'Big Sur' } });
    const [row] = await t.dataSource.query(`SELECT activity_data FROM activities WHERE trip_id = $1 AND activity_type = 'poll_closed'`, [trip.id]);
    expect(row.activity_data).toEqual({ pollId, question: 'Where do we sleep?', winner: 'Big Sur' });

    // Closed: a vote made offline meanwhile is taken, so the device syncs, and undone, so the result stands.
    voter.provider.disconnect();
    votesMap(voter.doc).set(voteKey('poll', pollId, vera.id), [1]);
    voter.provider.connect();
    await voter.synced();
    await voter.saved();
    await waitFor(() => JSON.stringify(votesMap(voter.doc).get(voteKey('poll', pollId, vera.id))) === '[0]', 5000, 'the late vote to be undone');
    expect(voter.closes).toEqual([]);
    await committed(trip.id);
    expect(readPoll(serverDoc(trip.id), pollId, vera.id)).toMatchObject({ open: false, results: { counts: [2, 0], leaders: [0], mine: [0] } });
    // The member edits on: their connection still works.
    votesMap(voter.doc).set(voteKey('poll', pollId, vera.id), [1]);
    await voter.saved();
    await waitFor(() => JSON.stringify(votesMap(voter.doc).get(voteKey('poll', pollId, vera.id))) === '[0]', 5000, 'the second late vote to be undone');
    expect(voter.closes).toEqual([]);
    expect(readPoll(serverDoc(trip.id), pollId, eddie.id)!.results.counts).toEqual([2, 0]);
  });
});
