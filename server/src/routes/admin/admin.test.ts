import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '@caravan/shared';
import { TripMemberEntity, UserEntity } from '@caravan/engine';
import { useTestServer } from '../../test/useTestServer.ts';
import { buildTrip, buildUser, DEFAULT_PASSWORD } from '../../test/factories.ts';

const t = useTestServer();

const adminCalls: Array<[string, string, unknown]> = [
  ['GET', '/admin/users', undefined],
  ['GET', '/admin/trips', undefined],
  ['GET', '/admin/outbox', undefined],
  ['POST', '/admin/users/update-role', { userId: 1, newRole: 'admin' }],
  ['POST', '/admin/users/update-status', { userId: 1, newStatus: 'disabled' }],
  ['POST', '/admin/users/add-to-trip', { userId: 1, tripId: '00000000-0000-4000-8000-000000000000', role: 'viewer' }],
  ['POST', '/admin/reset-password', { email: 'a@b.co', newPassword: 'Password999' }],
  ['GET', '/admin/sign-in-settings', undefined],
  ['POST', '/admin/sign-in-settings', { requireSecondFactor: true, graceDays: 0 }],
];

describe('admin access', () => {
  it.each(adminCalls)('%s %s answers 401 without a session and 403 to a non-admin', async (method, path, body) => {
    const user = await buildUser(t.server.deps.dataSource);
    const anonymous = method === 'GET' ? await t.api.adminGet(path) : await t.api.adminPost(path, body);
    const nonAdmin = method === 'GET' ? await t.api.adminGet(path, { as: user }) : await t.api.adminPost(path, body, { as: user });
    expect(anonymous.status).toBe(401);
    expect(nonAdmin.status).toBe(403);
    expect((await t.server.deps.dataSource.getRepository(UserEntity).findOneByOrFail({ id: user.id })).role).toBe('user');
  });
});

describe('GET /admin/users', () => {
  it('lists users with trip counts in superjson, dates as dates, no secrets', async () => {
    const dataSource = t.server.deps.dataSource;
    const admin = await buildUser(dataSource, { role: 'admin' });
    const traveller = await buildUser(dataSource, { displayName: 'Counted Traveller' });
    await buildTrip(dataSource, traveller);
    await buildTrip(dataSource, traveller);

    const raw = await t.api.get('/admin/users', { as: admin });
    expect(raw.body).toHaveProperty('json');
    expect(raw.body.meta.values).toBeDefined();

    const response = await t.api.adminGet('/admin/users', { as: admin });
    expect(response.status).toBe(200);
    const row = response.body.find((user: { id: number }) => user.id === traveller.id);
    expect(row).toMatchObject({ displayName: 'Counted Traveller', role: 'user', status: 'active', tripCount: 2 });
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(Object.keys(row).sort()).toEqual(['createdAt', 'displayName', 'email', 'id', 'role', 'status', 'tripCount']);
  });
});

describe('GET /admin/trips', () => {
  it('lists every trip with its owner', async () => {
    const dataSource = t.server.deps.dataSource;
    const admin = await buildUser(dataSource, { role: 'admin' });
    const owner = await buildUser(dataSource, { displayName: 'Trip Owner' });
    const trip = await buildTrip(dataSource, owner, { title: 'Admin-visible trip' });
    const response = await t.api.adminGet('/admin/trips', { as: admin });
    expect(response.status).toBe(200);
    expect(response.body.find((row: { id: string }) => row.id === trip.id)).toMatchObject({
      title: 'Admin-visible trip',
      ownerId: owner.id,
      ownerDisplayName: 'Trip Owner',
      stopCount: 1,
    });
  });
});

describe('GET /admin/outbox', () => {
  it('lists the e-mails written to the outbox, newest first, with their recipient, subject, date and text', async () => {
    const dataSource = t.server.deps.dataSource;
    const admin = await buildUser(dataSource, { role: 'admin' });
    const forgetful = await buildUser(dataSource, { displayName: 'Forgetful Fern' });
    const before = Date.now();
    expect((await t.api.post('/auth/forgot_password', { email: forgetful.email })).status).toBe(200);

    // The e-mail goes out after the answer.
    const outbox = () => t.api.adminGet('/admin/outbox', { as: admin });
    await expect.poll(async () => (await outbox()).body.messages.length).toBeGreaterThan(0);
    const response = await outbox();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ smtp: false, folder: path.join(t.server.deps.config.dataDir, 'outbox'), more: 0 });
    const [newest] = response.body.messages;
    expect(newest).toMatchObject({ to: forgetful.email, subject: 'Choose a new Caravan password' });
    expect(newest.id).toMatch(/\.eml$/);
    expect(newest.sentAt).toBeInstanceOf(Date);
    expect(newest.sentAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(newest.text).toMatch(/\/reset-password#token=[\w-]+/);
  });
});

describe('POST /admin/users/update-role', () => {
  it('changes a role', async () => {
    const admin = await buildUser(t.server.deps.dataSource, { role: 'admin' });
    const user = await buildUser(t.server.deps.dataSource);
    const response = await t.api.adminPost('/admin/users/update-role', { userId: user.id, newRole: 'admin' }, { as: admin });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: user.id, role: 'admin' });
  });

  it.each([
    [{ userId: 0, newRole: 'admin' }, messages.validation.invalidUserId],
    [{ userId: 1.5, newRole: 'admin' }, messages.validation.invalidUserId],
    [{ userId: 2, newRole: 'root' }, messages.validation.invalidAccountRole],
    [{ userId: 2, newRole: 'admin', status: 'x' }, 'Unrecognized extra properties: status'],
  ])('refuses %j', async (body, message) => {
    const admin = await buildUser(t.server.deps.dataSource, { role: 'admin' });
    const response = await t.api.adminPost('/admin/users/update-role', body, { as: admin });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await buildUser(t.server.deps.dataSource, { role: 'admin' });
    const response = await t.api.adminPost('/admin/users/update-role', { userId: 999_999, newRole: 'admin' }, { as: admin });
    expect(response.status).toBe(404);
  });
});

describe('POST /admin/users/update-status', () => {
  it('disables a user and ends their sessions at once; enabling lets them back in', async () => {
    const admin = await buildUser(t.server.deps.dataSource, { role: 'admin' });
    const user = await buildUser(t.server.deps.dataSource);
    expect((await t.api.get('/auth/session', { as: user })).status).toBe(200);

    const disabled = await t.api.adminPost('/admin/users/update-status', { userId: user.id, newStatus: 'disabled' }, { as: admin });
    expect(disabled.body.user.status).toBe('disabled');
    expect((await t.api.get('/trips', { as: user })).status).toBe(401);
    expect((await t.api.post('/auth/login_with_password', { email: user.email, password: DEFAULT_PASSWORD })).status).toBe(403);

    await t.api.adminPost('/admin/users/update-status', { userId: user.id, newStatus: 'active' }, { as: admin });
    expect((await t.api.post('/auth/login_with_password', { email: user.email, password: DEFAULT_PASSWORD })).status).toBe(200);
  });

  it("refuses an admin's own status", async () => {
    const admin = await buildUser(t.server.deps.dataSource, { role: 'admin' });
    const response = await t.api.adminPost('/admin/users/update-status', { userId: admin.id, newStatus: 'disabled' }, { as: admin });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('You cannot change your own status.');
    expect((await t.server.deps.dataSource.getRepository(UserEntity).findOneByOrFail({ id: admin.id })).status).toBe('active');
  });

  it('validates the new status', async () => {
    const admin = await buildUser(t.server.deps.dataSource, { role: 'admin' });
    const response = await t.api.adminPost('/admin/users/update-status', { userId: 5, newStatus: 'gone' }, { as: admin });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(messages.validation.invalidStatus);
  });
});

describe('POST /admin/users/add-to-trip', () => {
  it('adds a member with a role, and changes the role of an existing one', async () => {
    const dataSource = t.server.deps.dataSource;
    const admin = await buildUser(dataSource, { role: 'admin' });
    const owner = await buildUser(dataSource);
    const user = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    const added = await t.api.adminPost('/admin/users/add-to-trip', { userId: user.id, tripId: trip.id, role: 'viewer' }, { as: admin });
    expect(added.status).toBe(200);
    await t.api.adminPost('/admin/users/add-to-trip', { userId: user.id, tripId: trip.id, role: 'editor' }, { as: admin });
    expect(await dataSource.getRepository(TripMemberEntity).findBy({ tripId: trip.id, userId: user.id })).toMatchObject([{ role: 'editor' }]);
    expect((await t.api.get('/trips', { as: user })).body.map((row: { id: string }) => row.id)).toContain(trip.id);
  });

  it('refuses unknown users and trips, bad ids and demoting the owner', async () => {
    const dataSource = t.server.deps.dataSource;
    const admin = await buildUser(dataSource, { role: 'admin' });
    const owner = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    const missingTrip = await t.api.adminPost(
      '/admin/users/add-to-trip',
      { userId: owner.id, tripId: '00000000-0000-4000-8000-000000000000', role: 'viewer' },
      { as: admin },
    );
    expect(missingTrip.status).toBe(404);
    const badId = await t.api.adminPost('/admin/users/add-to-trip', { userId: owner.id, tripId: 'x', role: 'viewer' }, { as: admin });
    expect(badId.status).toBe(400);
    expect(badId.body.error).toBe(messages.validation.invalidTripId);
    const badRole = await t.api.adminPost('/admin/users/add-to-trip', { userId: owner.id, tripId: trip.id, role: 'boss' }, { as: admin });
    expect(badRole.body.error).toBe(messages.validation.invalidTripRole);
    const demote = await t.api.adminPost('/admin/users/add-to-trip', { userId: owner.id, tripId: trip.id, role: 'viewer' }, { as: admin });
    expect(demote.status).toBe(409);
    expect(await dataSource.getRepository(TripMemberEntity).findBy({ tripId: trip.id })).toMatchObject([{ role: 'owner' }]);
  });

  it('refuses to make a second owner: the trip keeps exactly one, who alone may delete it', async () => {
    const dataSource = t.server.deps.dataSource;
    const admin = await buildUser(dataSource, { role: 'admin' });
    const owner = await buildUser(dataSource);
    const editor = await buildUser(dataSource);
    const outsider = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    await t.api.adminPost('/admin/users/add-to-trip', { userId: editor.id, tripId: trip.id, role: 'editor' }, { as: admin });
    for (const user of [editor, outsider]) {
      const response = await t.api.adminPost('/admin/users/add-to-trip', { userId: user.id, tripId: trip.id, role: 'owner' }, { as: admin });
      expect(response.status).toBe(409);
      expect(response.body.error).toBe(messages.admin.onlyOneOwner);
    }
    const members = await dataSource.getRepository(TripMemberEntity).find({ where: { tripId: trip.id }, order: { role: 'ASC' } });
    expect(members.map(({ userId, role }) => ({ userId, role }))).toEqual([
      { userId: editor.id, role: 'editor' },
      { userId: owner.id, role: 'owner' },
    ]);
    expect((await t.api.post('/trips/delete', { tripId: trip.id }, { as: editor })).status).toBe(403);
    // The owner named as owner again changes nothing.
    expect((await t.api.adminPost('/admin/users/add-to-trip', { userId: owner.id, tripId: trip.id, role: 'owner' }, { as: admin })).status).toBe(200);
  });
});

describe('POST /admin/reset-password', () => {
  it("sets a new password and ends that user's sessions", async () => {
    const admin = await buildUser(t.server.deps.dataSource, { role: 'admin' });
    const user = await buildUser(t.server.deps.dataSource);
    expect((await t.api.get('/auth/session', { as: user })).status).toBe(200);
    const response = await t.api.adminPost('/admin/reset-password', { email: user.email.toUpperCase(), newPassword: 'BrandNew123' }, { as: admin });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: messages.admin.passwordReset });
    expect((await t.api.get('/auth/session', { as: user })).status).toBe(401);
    expect((await t.api.post('/auth/login_with_password', { email: user.email, password: DEFAULT_PASSWORD })).status).toBe(401);
    expect((await t.api.post('/auth/login_with_password', { email: user.email, password: 'BrandNew123' })).status).toBe(200);
  });

  it.each([
    [{ email: 'nope', newPassword: 'Password123' }, 'A valid email is required.'],
    [{ email: 'a@b.co', newPassword: 'short' }, 'Password must be at least 8 characters long.'],
  ])('refuses %j', async (body, message) => {
    const admin = await buildUser(t.server.deps.dataSource, { role: 'admin' });
    const response = await t.api.adminPost('/admin/reset-password', body, { as: admin });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it('answers 404 for an unknown e-mail', async () => {
    const admin = await buildUser(t.server.deps.dataSource, { role: 'admin' });
    const response = await t.api.adminPost('/admin/reset-password', { email: 'ghost@example.com', newPassword: 'Password123' }, { as: admin });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe(messages.admin.userNotFound);
  });
});
