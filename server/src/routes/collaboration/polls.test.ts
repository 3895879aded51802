import { describe, expect, it } from 'vitest';
import { MAX_POLLS, messages, pollsMap, readActivity, readPolls, suggestionTally, votesMap, voteKey } from '@caravan/shared';
import { serverOrigin } from '@caravan/engine';
import { useTestServer } from '../../test/useTestServer.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { liveDoc } from './collaborationFixture.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
const d = messages.decisions;
type Member = 'owner' | 'editor' | 'viewer';

const docOf = (crew: Crew) => liveDoc(t.server.deps.tripDocs, crew.trip.id);

async function pendingSuggestion(crew: Crew, name = 'Big Sur') {
  const created = await t.api.post('/trips/suggestions/create', { tripId: crew.trip.id, name }, { as: crew.viewer });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

const voteOn = (crew: Crew, as: Member | 'outsider', suggestionId: string, vote: unknown) =>
  t.api.post('/trips/suggestions/vote', { tripId: crew.trip.id, suggestionId, vote }, { as: crew[as] });

const sleepPoll = { question: 'Where do we sleep?', options: ['Big Sur', 'Carmel', 'Monterey'] };
async function startPoll(crew: Crew, as: Member = 'editor', body: object = sleepPoll) {
  return t.api.post('/trips/polls/create', { tripId: crew.trip.id, ...body }, { as: crew[as] });
}
const answer = (crew: Crew, as: Member, pollId: string, choices: unknown) =>
  t.api.post('/trips/polls/vote', { tripId: crew.trip.id, pollId, choices }, { as: crew[as] });

describe('POST /trips/suggestions/vote', () => {
  it('lets every member vote once, change and take back their own vote; the count is everyone\'s', async () => {
    const crew = await tripWithCrew(db());
    const id = await pendingSuggestion(crew);
    expect((await voteOn(crew, 'viewer', id, 'up')).body).toEqual({ suggestionId: id, up: 1, down: 0, mine: 'up' });
    expect((await voteOn(crew, 'editor', id, 'up')).body).toEqual({ suggestionId: id, up: 2, down: 0, mine: 'up' });
    expect((await voteOn(crew, 'owner', id, 'down')).body).toEqual({ suggestionId: id, up: 2, down: 1, mine: 'down' });
    expect((await voteOn(crew, 'viewer', id, 'down')).body).toEqual({ suggestionId: id, up: 1, down: 2, mine: 'down' });
    expect((await voteOn(crew, 'viewer', id, null)).body).toEqual({ suggestionId: id, up: 1, down: 1, mine: null });
    const doc = await docOf(crew);
    expect(suggestionTally(doc, id, crew.editor.id)).toEqual({ up: 1, down: 1, mine: 'up' });
    expect([...votesMap(doc).keys()].sort()).toEqual([voteKey('suggestion', id, crew.editor.id), voteKey('suggestion', id, crew.owner.id)].sort());
    const listed = await t.api.post('/trips/suggestions', { tripId: crew.trip.id, status: 'pending' }, { as: crew.owner });
    expect(listed.body).toMatchObject([{ id, votes: { up: 1, down: 1, mine: 'down' } }]);
  });

  it('refuses a reviewed suggestion (409), an unknown one (404), bad votes (400) and outsiders, changing nothing', async () => {
    const crew = await tripWithCrew(db());
    const id = await pendingSuggestion(crew);
    await t.api.post('/trips/suggestions/review', { tripId: crew.trip.id, suggestionId: id, status: 'denied' }, { as: crew.owner });
    const reviewed = await voteOn(crew, 'viewer', id, 'up');
    expect(reviewed.status).toBe(409);
    expect(reviewed.body.error).toBe(d.suggestionNotPending);
    expect((await voteOn(crew, 'viewer', crypto.randomUUID(), 'up')).status).toBe(404);
    for (const vote of ['sideways', 1, true, 'up\u0000', undefined]) {
      const bad = await voteOn(crew, 'viewer', id, vote);
      expect(bad.status).toBe(400);
    }
    expect((await voteOn(crew, 'viewer', id, 'sideways')).body.error).toBe(d.invalidVote);
    expect((await voteOn(crew, 'outsider', id, 'up')).status).toBe(404);
    expect((await t.api.post('/trips/suggestions/vote', { tripId: crew.trip.id, suggestionId: id, vote: 'up' })).status).toBe(401);
    expect(votesMap(await docOf(crew)).size).toBe(0);
  });
});

describe('polls over REST', () => {
  it('lets owner and editor start a poll; a viewer gets 403 and nothing is written', async () => {
    const crew = await tripWithCrew(db());
    const started = await startPoll(crew, 'editor', { ...sleepPoll, question: '  Where do we sleep?  ', multiple: true });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      question: 'Where do we sleep?',
      options: sleepPoll.options,
      multiple: true,
      closesAt: null,
      createdBy: crew.editor.id,
      open: true,
      results: { counts: [0, 0, 0], voters: 0, leaders: [], mine: [] },
    });
    expect((await startPoll(crew, 'owner')).status).toBe(201);
    const refused = await startPoll(crew, 'viewer');
    expect(refused.status).toBe(403);
    expect(readPolls(await docOf(crew), crew.owner.id)).toHaveLength(2);
  });

  it.each([
    [{ question: '   ' }, d.questionRequired],
    [{ question: 'q'.repeat(201) }, d.questionTooLong],
    [{ options: ['Only'] }, d.optionCount],
    [{ options: Array.from({ length: 11 }, (_, i) => `O${i}`) }, d.optionCount],
    [{ options: ['Big Sur', ' big sur '] }, d.optionsDistinct],
    [{ options: ['Big Sur', ''] }, d.optionRequired],
    [{ options: ['Big Sur', 7] }, d.optionRequired],
    [{ multiple: 'yes' }, d.invalidMultiple],
    [{ closesAt: 'tomorrow' }, d.invalidClosesAt],
    [{ closesAt: '2020-01-01T00:00:00Z' }, d.closesInPast],
    [{ question: 'Where\u0000?' }, messages.validation.textNotAllowed],
    [{ question: 'Where \ud800?' }, messages.validation.textNotAllowed],
  ])('refuses %j with a clear message, writing nothing', async (change, message) => {
    const crew = await tripWithCrew(db());
    const response = await startPoll(crew, 'owner', { ...sleepPoll, ...change });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(readPolls(await docOf(crew), crew.owner.id)).toEqual([]);
  });

  it('counts one answer per member, live in every read; a one-choice poll takes one option', async () => {
    const crew = await tripWithCrew(db());
    const poll = (await startPoll(crew)).body;
    expect((await answer(crew, 'viewer', poll.id, [0])).body.results).toEqual({ counts: [1, 0, 0], voters: 1, leaders: [0], mine: [0] });
    expect((await answer(crew, 'viewer', poll.id, [2])).body.results).toEqual({ counts: [0, 0, 1], voters: 1, leaders: [2], mine: [2] });
    await answer(crew, 'owner', poll.id, [0]);
    const two = await answer(crew, 'editor', poll.id, [0, 1]);
    expect(two.status).toBe(400);
    expect(two.body.error).toBe(d.oneChoiceOnly);
    const outOfRange = await answer(crew, 'editor', poll.id, [3]);
    expect(outOfRange.body.error).toBe(d.choiceOutOfRange);
    expect((await answer(crew, 'editor', poll.id, ['0'])).status).toBe(400);
    const list = await t.api.post('/trips/polls', { tripId: crew.trip.id }, { as: crew.viewer });
    expect(list.body).toMatchObject([{ id: poll.id, results: { counts: [1, 0, 1], voters: 2, leaders: [0, 2], mine: [2] } }]);
    expect((await answer(crew, 'viewer', poll.id, [])).body.results).toMatchObject({ counts: [1, 0, 0], mine: [] });
  });

  it('is closed by its creator or the owner, with a sentence in the activity feed; then takes no votes', async () => {
    const crew = await tripWithCrew(db());
    const poll = (await startPoll(crew, 'editor')).body;
    await answer(crew, 'viewer', poll.id, [0]);
    const notCreator = await t.api.post('/trips/polls/close', { tripId: crew.trip.id, pollId: poll.id }, { as: crew.viewer });
    expect(notCreator.status).toBe(403);
    expect(notCreator.body.error).toBe(d.notPollCloser);
    const closed = await t.api.post('/trips/polls/close', { tripId: crew.trip.id, pollId: poll.id }, { as: crew.owner });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ open: false, closedBy: crew.owner.id, closedAt: expect.any(String) });
    const [entry] = readActivity(await docOf(crew)).filter((activity) => activity.activityType === 'poll_closed');
    expect(entry).toMatchObject({ userId: crew.owner.id, activityData: { pollId: poll.id, question: sleepPoll.question, winner: 'Big Sur' } });
    const [row] = await db().query(`SELECT activity_data FROM activities WHERE trip_id = $1 AND activity_type = 'poll_closed'`, [crew.trip.id]);
    expect(row.activity_data).toEqual({ pollId: poll.id, question: sleepPoll.question, winner: 'Big Sur' });
    const late = await answer(crew, 'editor', poll.id, [1]);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(d.pollClosed);
    expect((await t.api.post('/trips/polls/close', { tripId: crew.trip.id, pollId: poll.id }, { as: crew.editor })).status).toBe(409);
  });

  it('takes no votes past its closing time', async () => {
    const crew = await tripWithCrew(db());
    const poll = (await startPoll(crew, 'owner', { ...sleepPoll, closesAt: new Date(Date.now() + 1500).toISOString() })).body;
    expect((await answer(crew, 'viewer', poll.id, [1])).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const late = await answer(crew, 'viewer', poll.id, [0]);
    expect(late.status).toBe(409);
    expect((await t.api.post('/trips/polls', { tripId: crew.trip.id }, { as: crew.viewer })).body[0]).toMatchObject({ open: false, results: { mine: [1] } });
  });

  it('holds a trip to its cap of polls, with the message the live door gives', async () => {
    const crew = await tripWithCrew(db());
    const first = (await startPoll(crew, 'owner')).body;
    const { id: _id, open: _open, results: _results, ...stored } = first;
    await t.server.deps.tripDocs.write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) =>
      transact(() => {
        for (let index = 1; index < MAX_POLLS; index += 1) pollsMap(doc).set(crypto.randomUUID(), stored);
      }),
    );
    const over = await startPoll(crew, 'editor');
    expect(over.status).toBe(400);
    expect(over.body.error).toBe(d.tooManyPolls);
    expect(pollsMap(await docOf(crew)).size).toBe(MAX_POLLS);
  });

  it('answers 404 for an unknown poll and hides the trip from outsiders', async () => {
    const crew = await tripWithCrew(db());
    expect((await answer(crew, 'viewer', crypto.randomUUID(), [0])).status).toBe(404);
    expect((await t.api.post('/trips/polls', { tripId: crew.trip.id }, { as: crew.outsider })).status).toBe(404);
  });
});
