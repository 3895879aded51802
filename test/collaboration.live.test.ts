/**
 * The collaboration calls end to end on the whole stack: REST server, collab server, real websocket
 * clients, and a local SMTP server that receives the invitation e-mail nodemailer sends.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import {
  addStop,
  COLLAB_CLOSE,
  commentsMap,
  deleteStop,
  messages,
  orderedStops,
  readActivity,
  readMeta,
  readRecord,
  suggestionsMap,
  updateStop,
  type DocComment,
  type DocSuggestion,
} from '@caravan/shared';
import { createLogger, pgPool, TripDocHub, type Config, type User } from '@caravan/engine';
import { buildUser, createSmtpMailbox, tripWithCrew } from '@caravan/server/test';
import { connectClient, waitFor, type TestClient } from '@caravan/collab-server/test';
import { useTestStack } from './stack.ts';

const mailbox = createSmtpMailbox();
const overrides: Partial<Config> = {};
beforeAll(async () => {
  overrides.smtpUrl = await mailbox.start();
});
afterAll(() => mailbox.close());
const t = useTestStack(overrides);
const db = () => t.server.deps.dataSource;

let clients: TestClient[] = [];
afterEach(() => {
  for (const client of clients) client.destroy();
  clients = [];
});

async function connect(tripId: string, user: User): Promise<TestClient> {
  const client = connectClient(t.collabUrl, tripId, await t.cookieFor(user), { origin: t.server.deps.config.publicOrigin });
  clients.push(client);
  await client.synced();
  return client;
}

const suggestionIn = (doc: Y.Doc, id: string) => {
  const record = suggestionsMap(doc).get(id);
  return record ? readRecord<DocSuggestion & { approvedStopId?: string | null }>(record) : null;
};

describe('live collaboration', () => {
  it('a suggestion made over REST reaches the other members; approving it shows the stop and the activity to both', async () => {
    const crew = await tripWithCrew(db());
    const viewer = await connect(crew.trip.id, crew.viewer);
    const owner = await connect(crew.trip.id, crew.owner);

    const created = await t.api.post(
      '/trips/suggestions/create',
      { tripId: crew.trip.id, name: 'Pictured Rocks', address: 'Munising, MI', latitude: 46.56, longitude: -86.32 },
      { as: crew.viewer },
    );
    expect(created.status).toBe(201);
    const suggestionId: string = created.body.id;

    await waitFor(() => suggestionIn(owner.doc, suggestionId) !== null, 5000, "the suggestion in the owner's document");
    expect(suggestionIn(owner.doc, suggestionId)).toMatchObject({
      name: 'Pictured Rocks',
      status: 'pending',
      suggestedBy: crew.viewer.id,
      suggestedByDisplayName: 'Vera Viewer',
    });

    const reviewed = await t.api.post('/trips/suggestions/review', { tripId: crew.trip.id, suggestionId, status: 'approved' }, { as: crew.owner });
    expect(reviewed.status).toBe(200);
    const stopId: string = reviewed.body.approvedStopId;

    for (const [who, client] of [['viewer', viewer], ['owner', owner]] as const) {
      await waitFor(() => orderedStops(client.doc).some((stop) => stop.id === stopId), 5000, `the approved stop in the ${who}'s document`);
      expect(orderedStops(client.doc).map((stop) => stop.name)).toEqual(['San Francisco', 'Pictured Rocks']);
      expect(orderedStops(client.doc)[1]).toMatchObject({ address: 'Munising, MI', latitude: 46.56, longitude: -86.32 });
      expect(suggestionIn(client.doc, suggestionId)).toMatchObject({ status: 'approved', approvedStopId: stopId });
      expect(readActivity(client.doc).at(-1)).toMatchObject({
        activityType: 'suggestion_approved',
        userId: crew.owner.id,
        displayName: 'Olive Owner',
        activityData: { suggestionName: 'Pictured Rocks', stopName: 'Pictured Rocks', stopId },
      });
    }
  });

  it('a comment and its resolution reach every member live', async () => {
    const crew = await tripWithCrew(db());
    const viewer = await connect(crew.trip.id, crew.viewer);
    const editor = await connect(crew.trip.id, crew.editor);
    const stopId = orderedStops(viewer.doc)[0].id;

    const created = await t.api.post('/trips/comments/create', { tripId: crew.trip.id, stopId, content: 'Parking is tight here' }, { as: crew.viewer });
    expect(created.status).toBe(201);
    const commentIn = (doc: Y.Doc) => {
      const record = commentsMap(doc).get(created.body.id);
      return record ? readRecord<DocComment>(record) : null;
    };
    await waitFor(() => commentIn(editor.doc) !== null, 5000, "the comment in the editor's document");
    expect(commentIn(editor.doc)).toMatchObject({ content: 'Parking is tight here', userDisplayName: 'Vera Viewer', resolved: false });

    await t.api.post('/trips/comments/resolve', { tripId: crew.trip.id, commentId: created.body.id, resolved: true }, { as: crew.editor });
    await waitFor(() => commentIn(viewer.doc)?.resolved === true, 5000, "the resolution in the viewer's document");
    expect(readActivity(viewer.doc).at(-1)).toMatchObject({ activityType: 'comment_resolved', displayName: 'Eddie Editor' });
  });

  it("closes a removed member's open websocket at once, and tells the others the members changed", async () => {
    const crew = await tripWithCrew(db());
    const owner = await connect(crew.trip.id, crew.owner);
    const editor = await connect(crew.trip.id, crew.editor);
    const versionBefore = readMeta(owner.doc).membersVersion ?? 0;

    const removed = await t.api.post('/trips/members/remove', { tripId: crew.trip.id, userIdToRemove: crew.editor.id }, { as: crew.owner });
    const removedAt = Date.now();
    expect(removed.status).toBe(200);

    await waitFor(() => editor.closes.length > 0, 2000, 'the removed member to be disconnected');
    expect(Date.now() - removedAt).toBeLessThan(2000);
    expect(editor.closes[0].code).toBe(COLLAB_CLOSE.accessRevoked);
    await waitFor(() => (readMeta(owner.doc).membersVersion ?? 0) > versionBefore, 5000, 'the members change signal');
    expect(readActivity(owner.doc).at(-1)).toMatchObject({ activityType: 'member_removed', activityData: { removedMemberName: 'Eddie Editor' } });
    expect(owner.closes).toEqual([]);
  });
});

describe('role changes on open sockets', () => {
  it("takes an editor's writes no more once the owner makes them a viewer, and a new editor's at once, without closing either socket", async () => {
    const crew = await tripWithCrew(db());
    const owner = await connect(crew.trip.id, crew.owner);
    const editor = await connect(crew.trip.id, crew.editor);
    const viewer = await connect(crew.trip.id, crew.viewer);
    const stopId = orderedStops(owner.doc)[0].id;

    const changes = await Promise.all([
      t.api.post('/trips/members/role', { tripId: crew.trip.id, userId: crew.editor.id, role: 'viewer' }, { as: crew.owner }),
      t.api.post('/trips/members/role', { tripId: crew.trip.id, userId: crew.viewer.id, role: 'editor' }, { as: crew.owner }),
    ]);
    expect(changes.map((response) => response.status)).toEqual([200, 200]);
    await waitFor(() => readActivity(owner.doc).filter((entry) => entry.activityType === 'member_role_changed').length === 2, 5000, 'both role changes');
    // The trip_access notifications reach the collab server's connections without a reconnect.
    const roles = () => new Map([...t.collab.rooms.get(crew.trip.id)!.connections].map((c) => [c.user.id, c.role]));
    await waitFor(() => roles().get(crew.editor.id) === 'viewer' && roles().get(crew.viewer.id) === 'editor', 2000, 'the new roles on the open sockets');

    updateStop(viewer.doc, stopId, { notes: 'Written by the new editor' });
    await waitFor(() => orderedStops(owner.doc)[0].notes === 'Written by the new editor', 5000, "the new editor's write at the owner");
    updateStop(editor.doc, stopId, { name: 'Renamed by the former editor' });
    updateStop(owner.doc, stopId, { address: 'After both' });
    await owner.saved();
    await waitFor(() => orderedStops(viewer.doc)[0].address === 'After both', 5000, "the owner's later write");
    expect(orderedStops(owner.doc)[0].name).toBe('San Francisco');
    const [row] = await db().query(`SELECT name, notes FROM stops WHERE trip_id = $1 AND id = $2`, [crew.trip.id, stopId]);
    expect(row).toEqual({ name: 'San Francisco', notes: 'Written by the new editor' });
    expect([owner.closes, editor.closes, viewer.closes]).toEqual([[], [], []]);
  });
});

describe('a role change is in force when its call answers', () => {
  /** The trip's stops as the owner's client, the collab server's document, the stop rows and a fresh load see them. */
  async function everywhere(tripId: string, owner: TestClient) {
    const names = (doc: Y.Doc) => orderedStops(doc).map(({ id, name, notes }) => ({ id, name, notes: notes ?? null }));
    const rows: Array<{ id: string; name: string; notes: string | null }> = await db().query(
      `SELECT id, name, notes FROM stops WHERE trip_id = $1 ORDER BY stop_order`,
      [tripId],
    );
    const fresh = await new TripDocHub(db(), createLogger('silent')).open(tripId);
    // Nor is the activity the server recorded for those writes.
    const [{ count }] = await db().query(`SELECT count(*)::int AS count FROM activities WHERE trip_id = $1 AND activity_type LIKE 'stop%'`, [tripId]);
    const stopActivity = readActivity(owner.doc).filter((entry) => entry.activityType.startsWith('stop')).length;
    return { owner: names(owner.doc), server: names(t.collab.rooms.get(tripId)!.doc), rows, stored: names(fresh!.doc), stopActivity, count };
  }

  /**
   * A (former) editor's writes, each its own message: a rename, a note and a new stop, and a deletion, sent at once,
   * then again and again over the next 50 ms (the collab server hears of the change a few milliseconds after it answered).
   */
  async function writeAsEditor(client: TestClient, [first, second, third]: string[]) {
    deleteStop(client.doc, third);
    for (const [round, delayMs] of [0, 1, 1, 1, 2, 3, 5, 10, 30].entries()) {
      if (delayMs) await sleep(delayMs);
      updateStop(client.doc, first, { name: `Renamed after the answer ${round}` });
      updateStop(client.doc, second, { notes: `Noted after the answer ${round}` });
      addStop(client.doc, randomUUID(), { name: `Added after the answer ${round}` });
    }
  }

  async function tripOfThreeStops() {
    const crew = await tripWithCrew(db());
    const owner = await connect(crew.trip.id, crew.owner);
    for (const name of ['Duluth', 'Marquette']) addStop(owner.doc, randomUUID(), { name });
    await owner.saved();
    // Straight to the collab server, not through the API server: its writes arrive as soon as they can.
    const editor = connectClient(t.collab.url, crew.trip.id, await t.cookieFor(crew.editor), { origin: t.server.deps.config.publicOrigin });
    clients.push(editor);
    await editor.synced();
    const before = await everywhere(crew.trip.id, owner);
    expect(before.rows.map((row) => row.name)).toEqual(['San Francisco', 'Duluth', 'Marquette']);
    return { crew, owner, editor, before, stopIds: before.rows.map((row) => row.id) };
  }

  /**
   * Holds every connection of the collab server's pool until the returned function lets them go: the server hears
   * of the change late (its access check waits for a connection), as it may when busy, and commits nothing meanwhile.
   */
  async function holdCollabDatabase(): Promise<() => void> {
    const pool = pgPool(t.collabDataSource);
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    return () => held.forEach((client) => client.release());
  }

  const serverStops = (tripId: string) => orderedStops(t.collab.rooms.get(tripId)!.doc);

  /** Settled: a later write of the owner's is committed and has reached the collab server's document. */
  async function settle(tripId: string, owner: TestClient, stopId: string) {
    await sleep(300);
    updateStop(owner.doc, stopId, { address: 'Settled' });
    await owner.saved();
    await waitFor(() => orderedStops(t.collab.rooms.get(tripId)!.doc).find((stop) => stop.id === stopId)?.address === 'Settled', 5000, 'the settling write');
    await sleep(200);
  }

  it("keeps none of the writes a demoted editor's open socket sends right after the answer", async () => {
    const { crew, owner, editor, before, stopIds } = await tripOfThreeStops();
    const letGo = await holdCollabDatabase();
    try {
      const demoted = await t.api.post('/trips/members/role', { tripId: crew.trip.id, userId: crew.editor.id, role: 'viewer' }, { as: crew.owner });
      expect(demoted.status).toBe(200);
      await writeAsEditor(editor, stopIds);
      // Taken under the role the collab server still knew, and sent to the others.
      await waitFor(() => serverStops(crew.trip.id)[0].name === 'Renamed after the answer 8', 5000, 'the writes at the collab server');
    } finally {
      letGo();
    }

    await settle(crew.trip.id, owner, stopIds[0]);
    const after = await everywhere(crew.trip.id, owner);
    // The owner's settling write is one more stop_updated entry.
    expect(after).toEqual({ ...before, server: before.owner, stored: before.owner, stopActivity: before.stopActivity + 1, count: before.count + 1 });
  });

  it("keeps none of the writes a removed member's open socket sends right after the answer", async () => {
    const { crew, owner, editor, before, stopIds } = await tripOfThreeStops();
    const letGo = await holdCollabDatabase();
    try {
      const removed = await t.api.post('/trips/members/remove', { tripId: crew.trip.id, userIdToRemove: crew.editor.id }, { as: crew.owner });
      expect(removed.status).toBe(200);
      await writeAsEditor(editor, stopIds);
      await waitFor(() => serverStops(crew.trip.id)[0].name === 'Renamed after the answer 8', 5000, 'the writes at the collab server');
    } finally {
      letGo();
    }

    await settle(crew.trip.id, owner, stopIds[0]);
    const after = await everywhere(crew.trip.id, owner);
    expect(after).toEqual({ ...before, server: before.owner, stored: before.owner, stopActivity: before.stopActivity + 1, count: before.count + 1 });
    await waitFor(() => editor.closes.length > 0, 2000, 'the removed member to be disconnected');
    expect(editor.closes[0].code).toBe(COLLAB_CLOSE.accessRevoked);
  });
});

describe('invitation by e-mail, end to end', () => {
  const origin = () => t.server.deps.config.publicOrigin;
  const linkPattern = () => new RegExp(`${origin().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/invitation/([A-Za-z0-9_-]+)`);

  async function inviteAndReceive(crewOwner: User, tripId: string, invitee: User, role: 'editor' | 'viewer') {
    const before = mailbox.received.length;
    const response = await t.api.post('/trips/members/invite', { tripId, email: invitee.email, role }, { as: crewOwner });
    expect(response.status).toBe(201);
    const mail = mailbox.received.slice(before).find((received) => received.to.includes(invitee.email));
    expect(mail, 'the invitation e-mail').toBeDefined();
    return mail!;
  }

  it('the e-mailed link makes the invited account a member with the invited role; the link works once', async () => {
    const crew = await tripWithCrew(db());
    const invitee = await buildUser(db(), { displayName: 'Ivy Invitee' });

    const mail = await inviteAndReceive(crew.owner, crew.trip.id, invitee, 'editor');

    expect(mail.headers.subject).toBe('Olive Owner invited you to plan "Great Lakes Loop" on Caravan');
    expect(mail.parts['text/plain']).toContain('as an editor');
    const token = linkPattern().exec(mail.parts['text/plain'])?.[1];
    expect(token, 'the link in the text part').toBeDefined();
    expect(mail.parts['text/html']).toContain(`href="${origin()}/invitation/${token}"`);

    const details = await t.api.post('/trips/invitations/details', { invitationToken: token }, { as: invitee });
    expect(details.body).toMatchObject({ tripTitle: 'Great Lakes Loop', inviter: { displayName: 'Olive Owner' }, role: 'editor' });

    const accepted = await t.api.post('/trips/invitations/accept', { invitationToken: token }, { as: invitee });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ tripId: crew.trip.id, role: 'editor' });
    const members = await t.api.post('/trips/members', { tripId: crew.trip.id }, { as: invitee });
    expect(members.body).toContainEqual({ userId: invitee.id, displayName: 'Ivy Invitee', email: invitee.email, avatarUrl: null, role: 'editor' });
    const live = await connect(crew.trip.id, invitee);
    expect(readActivity(live.doc).at(-1)).toMatchObject({ activityType: 'member_joined', displayName: 'Ivy Invitee' });

    const again = await t.api.post('/trips/invitations/accept', { invitationToken: token }, { as: invitee });
    expect(again.status).toBe(409);
    expect(again.body.error).toContain('already been accepted');
  });

  it('answers an error when the mail server refuses the message; inviting again renews and sends it', async () => {
    const crew = await tripWithCrew(db());
    const invitee = await buildUser(db());
    mailbox.refused.add(invitee.email);
    try {
      const refused = await t.api.post('/trips/members/invite', { tripId: crew.trip.id, email: invitee.email }, { as: crew.owner });
      expect(refused.status).toBe(502);
      expect(refused.body.error).toBe(messages.collaboration.invitationEmailFailed);
    } finally {
      mailbox.refused.delete(invitee.email);
    }
    const pending = await t.api.get(`/trips/invitations?tripId=${crew.trip.id}`, { as: crew.owner });
    expect(pending.body).toMatchObject([{ invitedEmail: invitee.email }]);

    const before = mailbox.received.length;
    const retried = await t.api.post('/trips/members/invite', { tripId: crew.trip.id, email: invitee.email }, { as: crew.owner });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ renewed: true, invitationToken: pending.body[0].invitationToken });
    // Only the invitee's: the same mailbox takes other tests' notification e-mails, sent in the background.
    const toInvitee = mailbox.received.slice(before).filter((mail) => mail.to.includes(invitee.email));
    expect(toInvitee.map((mail) => mail.to)).toEqual([[invitee.email]]);
  });

  it("an expired link answers 'expired' and makes nobody a member", async () => {
    const crew = await tripWithCrew(db());
    const invitee = await buildUser(db(), { displayName: 'Late Larry' });
    const mail = await inviteAndReceive(crew.owner, crew.trip.id, invitee, 'viewer');
    const token = linkPattern().exec(mail.parts['text/plain'])![1];
    await db().query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE token = $1`, [token]);

    for (const call of ['details', 'accept']) {
      const response = await t.api.post(`/trips/invitations/${call}`, { invitationToken: token }, { as: invitee });
      expect(response.status).toBe(409);
      expect(response.body.error).toContain('expired');
    }
    const [membership] = await db().query(`SELECT 1 FROM trip_members WHERE trip_id = $1 AND user_id = $2`, [crew.trip.id, invitee.id]);
    expect(membership).toBeUndefined();
  });
});
