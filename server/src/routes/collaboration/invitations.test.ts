import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS, messages } from '@caravan/shared';
import { buildUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import { count, docActivity, membersVersion } from './collaborationFixture.ts';
import { tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
const text = messages.collaboration.invitations;

const invitationRows = (tripId: string) =>
  db().query(`SELECT id, invited_email, role, token, expires_at, accepted_at FROM invitations WHERE trip_id = $1`, [tripId]);

/** Every outbox message addressed to `to`, as plain text with quoted-printable soft breaks undone. */
async function outboxFor(to: string): Promise<string[]> {
  const dir = path.join(t.server.deps.config.dataDir, 'outbox');
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  const raws = await Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')));
  return raws
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((raw) => raw.includes(`To: ${to}`));
}

async function invite(crew: Crew, email: string, role?: 'editor' | 'viewer', as = crew.owner) {
  return t.api.post('/trips/members/invite', { tripId: crew.trip.id, email, ...(role && { role }) }, { as });
}

describe('POST /trips/members/invite', () => {
  it('creates a 7-day invitation with a 256-bit token, records member_invited and e-mails the link', async () => {
    const crew = await tripWithCrew(db());
    const versionBefore = await membersVersion(t.server.deps.tripDocs, crew.trip.id);
    const sentAt = Date.now();

    const response = await invite(crew, '  New.Friend@Example.com ', 'editor');

    expect(response.status).toBe(201);
    const { invitationToken, expiresAt } = response.body;
    expect(response.body).toEqual({
      id: expect.any(String),
      invitedEmail: 'new.friend@example.com',
      role: 'editor',
      expiresAt: expect.any(String),
      invitationToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      invitedBy: { displayName: 'Olive Owner' },
      createdAt: expect.any(String),
      renewed: false,
    });
    expect(Buffer.from(invitationToken, 'base64url')).toHaveLength(32);
    expect(Date.parse(expiresAt) - sentAt).toBeGreaterThanOrEqual(INVITATION_TTL_MS - 1000);
    expect(Date.parse(expiresAt) - sentAt).toBeLessThanOrEqual(INVITATION_TTL_MS + 5000);
    expect(await invitationRows(crew.trip.id)).toMatchObject([{ invited_email: 'new.friend@example.com', role: 'editor', token: invitationToken }]);

    const [activity] = await db().query(`SELECT user_id, activity_type, activity_data FROM activities WHERE trip_id = $1`, [crew.trip.id]);
    expect(activity).toMatchObject({ user_id: crew.owner.id, activity_type: 'member_invited', activity_data: { invitedEmail: 'new.friend@example.com' } });
    expect((await docActivity(t.server.deps.tripDocs, crew.trip.id)).at(-1)?.activityType).toBe('member_invited');
    expect(await membersVersion(t.server.deps.tripDocs, crew.trip.id)).toBe(versionBefore + 1);

    const mails = await outboxFor('new.friend@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`${t.server.deps.config.publicOrigin}/invitation/${invitationToken}`);
  });

  it('lets an editor invite, with the viewer role by default', async () => {
    const crew = await tripWithCrew(db());
    const response = await invite(crew, 'pal@example.com', undefined, crew.editor);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ role: 'viewer', invitedBy: { displayName: 'Eddie Editor' } });
  });

  it.each([
    ['viewer', 403],
    ['outsider', 404],
  ] as const)('refuses the %s: no invitation, no e-mail, no activity', async (as, status) => {
    const crew = await tripWithCrew(db());
    const email = `refused-${as}-${crew.trip.id.slice(0, 8)}@example.com`;
    const response = await invite(crew, email, 'viewer', crew[as]);
    expect(response.status).toBe(status);
    expect(await invitationRows(crew.trip.id)).toEqual([]);
    expect(await outboxFor(email)).toEqual([]);
    expect(await count(db(), `SELECT 1 FROM activities WHERE trip_id = $1`, [crew.trip.id])).toBe(0);
  });

  it('refuses anonymous callers', async () => {
    const crew = await tripWithCrew(db());
    expect((await t.api.post('/trips/members/invite', { tripId: crew.trip.id, email: 'x@example.com' })).status).toBe(401);
    expect(await invitationRows(crew.trip.id)).toEqual([]);
  });

  it('answers 409 for someone who is already a member, whatever the case of the address', async () => {
    const crew = await tripWithCrew(db());
    const response = await invite(crew, crew.viewer.email.toUpperCase(), 'editor');
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(text.alreadyMember);
    expect(await invitationRows(crew.trip.id)).toEqual([]);
  });

  it('renews the pending invitation instead of making a second one', async () => {
    const crew = await tripWithCrew(db());
    const first = await invite(crew, 'twice@example.com', 'viewer');
    await db().query(`UPDATE invitations SET expires_at = now() - interval '1 day' WHERE id = $1`, [first.body.id]);

    const second = await invite(crew, 'Twice@Example.com', 'editor', crew.editor);

    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      id: first.body.id,
      invitationToken: first.body.invitationToken,
      role: 'editor',
      invitedBy: { displayName: 'Eddie Editor' },
      renewed: true,
    });
    expect(Date.parse(second.body.expiresAt)).toBeGreaterThan(Date.now() + INVITATION_TTL_MS - 60_000);
    const rows = await invitationRows(crew.trip.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'editor', accepted_at: null });
    expect(await outboxFor('twice@example.com')).toHaveLength(2);
  });

  it.each([
    [{ email: 'not-an-address' }, messages.validation.invalidEmail],
    [{ email: '' }, messages.validation.invalidEmail],
    [{ email: 'a@example.com', role: 'owner' }, messages.collaboration.validation.invalidInviteRole],
    [{ email: 'a@example.com', tripId: 'x' }, messages.validation.invalidTripId],
    [{ email: 'a@example.com', message: 'hi' }, 'Unrecognized extra properties: message'],
  ])('refuses %j', async (body, message) => {
    const crew = await tripWithCrew(db());
    const response = await t.api.post('/trips/members/invite', { tripId: crew.trip.id, ...body }, { as: crew.owner });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(await invitationRows(crew.trip.id)).toEqual([]);
  });
});

describe('GET /trips/invitations', () => {
  it('shows the owner every invitation not accepted yet, expired ones included, newest first', async () => {
    const crew = await tripWithCrew(db());
    const expired = await invite(crew, 'late@example.com');
    await db().query(`UPDATE invitations SET expires_at = now() - interval '1 hour', updated_at = now() - interval '8 days' WHERE id = $1`, [
      expired.body.id,
    ]);
    const accepted = await invite(crew, 'joined@example.com');
    await db().query(`UPDATE invitations SET accepted_at = now() WHERE id = $1`, [accepted.body.id]);
    const fresh = await invite(crew, 'soon@example.com', 'editor');

    const response = await t.api.get(`/trips/invitations?tripId=${crew.trip.id}`, { as: crew.owner });

    expect(response.status).toBe(200);
    expect(response.body.map((invitation: { invitedEmail: string }) => invitation.invitedEmail)).toEqual([
      'soon@example.com',
      'late@example.com',
    ]);
    const { renewed: _renewed, ...listed } = fresh.body;
    expect(response.body[0]).toEqual(listed);
    expect(Date.parse(response.body[1].expiresAt)).toBeLessThan(Date.now());
  });

  it.each([
    ['editor', 403],
    ['viewer', 403],
    ['outsider', 404],
  ] as const)('refuses the %s', async (as, status) => {
    const crew = await tripWithCrew(db());
    await invite(crew, 'secret@example.com');
    const response = await t.api.get(`/trips/invitations?tripId=${crew.trip.id}`, { as: crew[as] });
    expect(response.status).toBe(status);
    expect(JSON.stringify(response.body)).not.toContain('secret@example.com');
  });

  it('refuses anonymous callers and a bad trip id', async () => {
    const crew = await tripWithCrew(db());
    expect((await t.api.get(`/trips/invitations?tripId=${crew.trip.id}`)).status).toBe(401);
    const bad = await t.api.get('/trips/invitations?tripId=abc', { as: crew.owner });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(messages.validation.invalidTripId);
  });
});

describe('POST /trips/invitations/details and /accept', () => {
  async function invited(role: 'editor' | 'viewer' = 'editor') {
    const crew = await tripWithCrew(db());
    const invitee = await buildUser(db(), { displayName: 'Ivy Invitee' });
    const response = await invite(crew, invitee.email.toUpperCase(), role);
    return { crew, invitee, token: response.body.invitationToken as string, invitationId: response.body.id as string };
  }

  it('shows the invitee the trip title, the inviter and the role', async () => {
    const { crew, invitee, token } = await invited();
    const response = await t.api.post('/trips/invitations/details', { invitationToken: token }, { as: invitee });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      tripTitle: 'Great Lakes Loop',
      inviter: { displayName: 'Olive Owner' },
      role: 'editor',
      expiresAt: expect.any(String),
    });
    expect(JSON.stringify(response.body)).not.toContain(crew.trip.id);
  });

  it('makes the invitee a member with the invited role and records member_joined', async () => {
    const { crew, invitee, token, invitationId } = await invited('viewer');
    const versionBefore = await membersVersion(t.server.deps.tripDocs, crew.trip.id);

    const response = await t.api.post('/trips/invitations/accept', { invitationToken: token }, { as: invitee });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ tripId: crew.trip.id, role: 'viewer' });
    const members = await t.api.post('/trips/members', { tripId: crew.trip.id }, { as: invitee });
    expect(members.body.at(-1)).toMatchObject({ userId: invitee.id, displayName: 'Ivy Invitee', role: 'viewer' });
    const [row] = await db().query(`SELECT accepted_at, accepted_by FROM invitations WHERE id = $1`, [invitationId]);
    expect(row.accepted_by).toBe(invitee.id);
    expect(row.accepted_at).toBeInstanceOf(Date);
    expect((await docActivity(t.server.deps.tripDocs, crew.trip.id)).at(-1)).toMatchObject({
      activityType: 'member_joined',
      userId: invitee.id,
      displayName: 'Ivy Invitee',
    });
    expect(await membersVersion(t.server.deps.tripDocs, crew.trip.id)).toBe(versionBefore + 1);
    const pending = await t.api.get(`/trips/invitations?tripId=${crew.trip.id}`, { as: crew.owner });
    expect(pending.body).toEqual([]);
  });

  it('refuses an account whose e-mail is not the invited one, and changes nothing', async () => {
    const { crew, invitee, token } = await invited();
    for (const someoneElse of [crew.outsider, crew.viewer]) {
      const response = await t.api.post('/trips/invitations/accept', { invitationToken: token }, { as: someoneElse });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe(text.wrongAccount(`${invitee.email[0]}•••${invitee.email.slice(invitee.email.indexOf('@'))}`));
    }
    expect(await count(db(), `SELECT 1 FROM trip_members WHERE trip_id = $1`, [crew.trip.id])).toBe(3);
    const [role] = await db().query(`SELECT role FROM trip_members WHERE trip_id = $1 AND user_id = $2`, [crew.trip.id, crew.viewer.id]);
    expect(role.role).toBe('viewer');
    expect(await count(db(), `SELECT 1 FROM invitations WHERE trip_id = $1 AND accepted_at IS NULL`, [crew.trip.id])).toBe(1);
  });

  it("answers 'already been accepted' for a used link and 'expired' for an old one", async () => {
    const { invitee, token, invitationId } = await invited();
    expect((await t.api.post('/trips/invitations/accept', { invitationToken: token }, { as: invitee })).status).toBe(200);
    for (const call of ['details', 'accept']) {
      const again = await t.api.post(`/trips/invitations/${call}`, { invitationToken: token }, { as: invitee });
      expect(again.status).toBe(409);
      expect(again.body.error).toContain('already been accepted');
    }

    const other = await invited();
    await db().query(`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE token = $1`, [other.token]);
    for (const call of ['details', 'accept']) {
      const late = await t.api.post(`/trips/invitations/${call}`, { invitationToken: other.token }, { as: other.invitee });
      expect(late.status).toBe(409);
      expect(late.body.error).toContain('expired');
    }
    expect(await count(db(), `SELECT 1 FROM trip_members WHERE user_id = $1`, [other.invitee.id])).toBe(0);
    expect(invitationId).not.toBe(other.invitationId);
  });

  it("answers 'not found' for an unknown token and 400 without one", async () => {
    const { invitee } = await invited();
    for (const call of ['details', 'accept']) {
      const unknown = await t.api.post(`/trips/invitations/${call}`, { invitationToken: 'no-such-token' }, { as: invitee });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toContain('not found');
      const missing = await t.api.post(`/trips/invitations/${call}`, { invitationToken: '' }, { as: invitee });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe('Invitation token is required');
    }
  });

  it('needs a session for both', async () => {
    const { crew, token } = await invited();
    expect((await t.api.post('/trips/invitations/details', { invitationToken: token })).status).toBe(401);
    expect((await t.api.post('/trips/invitations/accept', { invitationToken: token })).status).toBe(401);
    expect(await count(db(), `SELECT 1 FROM trip_members WHERE trip_id = $1`, [crew.trip.id])).toBe(3);
  });

  it('lets someone already on the trip accept without losing their role', async () => {
    const { crew, invitee, token } = await invited('viewer');
    await db().query(`INSERT INTO trip_members (trip_id, user_id, role) VALUES ($1, $2, 'editor')`, [crew.trip.id, invitee.id]);
    const response = await t.api.post('/trips/invitations/accept', { invitationToken: token }, { as: invitee });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ tripId: crew.trip.id, role: 'editor' });
    expect(await count(db(), `SELECT 1 FROM activities WHERE trip_id = $1 AND activity_type = 'member_joined'`, [crew.trip.id])).toBe(0);
  });
});
