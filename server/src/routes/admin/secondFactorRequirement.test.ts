/**
 * The administrator's "require a second factor for every account (passkey or TOTP)" with its grace period: during
 * the grace a member without one signs in as before and is told by when; after it, they may sign in only to set one
 * up (every other call 403); a member with a passkey only is asked for it after the password; the last factor cannot
 * be taken away while it is required. Admin calls are superjson both ways.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { messages, SECOND_FACTOR_GRACE_DAYS_DEFAULT } from '@caravan/shared';
import { SESSION_COOKIE, type User, forgetSignInSettings } from '@caravan/engine';
import { buildUser, DEFAULT_PASSWORD } from '../../test/factories.ts';
import { totpCode } from '../../test/totpCodes.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer({ trustProxy: true });
const db = () => t.server.deps.dataSource;
const DAY_MS = 24 * 60 * 60 * 1000;
let lastAddress = 10;
const newAddress = () => ({ 'x-forwarded-for': `192.0.2.${lastAddress++}` });

async function setRequirement(admin: User, requireSecondFactor: boolean, graceDays: number) {
  const response = await t.api.adminPost('/admin/sign-in-settings', { requireSecondFactor, graceDays }, { as: admin });
  expect(response.status).toBe(200);
  return response.body;
}

/** Moves the moment the requirement was switched on into the past, as if that many days went by. */
async function daysPass(days: number) {
  await db().query(`UPDATE site_settings SET second_factor_required_since = second_factor_required_since - make_interval(days => $1)`, [days]);
}

function login(user: User) {
  return t.api.post('/auth/login_with_password', { email: user.email, password: DEFAULT_PASSWORD }, { headers: newAddress() });
}

const sessionOf = async (user: User) => (await t.api.get('/auth/session', { as: user })).body.user;

/** A passkey row as registration stores it: only its existence matters here (passkeys.test.ts signs in with real ones). */
async function addPasskey(user: User) {
  await db().query(`INSERT INTO passkeys (user_id, credential_id, public_key, name) VALUES ($1, $2, $3, 'Laptop')`, [
    user.id,
    randomBytes(16).toString('base64url'),
    randomBytes(77),
  ]);
}

afterEach(async () => {
  await db().query(`UPDATE site_settings SET require_second_factor = false, second_factor_required_since = NULL`);
  // This process keeps the settings a few seconds: tests change them under it.
  forgetSignInSettings(db());
});

describe('the sign-in settings', () => {
  it('start off; switching on starts the grace, changing the days keeps its start, switching off forgets it', async () => {
    const admin = await buildUser(db(), { role: 'admin' });
    const initial = await t.api.adminGet('/admin/sign-in-settings', { as: admin });
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ requireSecondFactor: false, graceDays: SECOND_FACTOR_GRACE_DAYS_DEFAULT, requiredSince: null, deadline: null });
    expect(initial.body.accountsWithout).toBeGreaterThanOrEqual(1);

    const on = await setRequirement(admin, true, 7);
    expect(on.requiredSince).toBeInstanceOf(Date);
    expect(Math.abs(on.requiredSince.getTime() - Date.now())).toBeLessThan(60_000);
    expect(on.deadline.getTime() - on.requiredSince.getTime()).toBe(7 * DAY_MS);

    const longer = await setRequirement(admin, true, 30);
    expect(longer.requiredSince).toEqual(on.requiredSince);
    expect(longer.deadline.getTime() - on.requiredSince.getTime()).toBe(30 * DAY_MS);

    const off = await setRequirement(admin, false, 30);
    expect(off).toMatchObject({ requireSecondFactor: false, graceDays: 30, requiredSince: null, deadline: null });
  });

  it('refuses grace periods that are not whole days from 0 to 90', async () => {
    const admin = await buildUser(db(), { role: 'admin' });
    for (const graceDays of [-1, 91, 1.5]) {
      const response = await t.api.adminPost('/admin/sign-in-settings', { requireSecondFactor: true, graceDays }, { as: admin });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(messages.admin.graceDaysInvalid);
    }
    expect((await t.api.adminGet('/admin/sign-in-settings', { as: admin })).body.requireSecondFactor).toBe(false);
  });
});

describe('requiring a second factor', () => {
  it('during the grace: a member without one signs in as before and is told by when', async () => {
    const admin = await buildUser(db(), { role: 'admin' });
    const member = await buildUser(db());
    expect(Object.keys(await sessionOf(member))).not.toContain('secondFactorSetup');
    const { deadline } = await setRequirement(admin, true, 7);

    const signedIn = await login(member);
    expect(signedIn.body.user.id).toBe(member.id);
    expect(await sessionOf(member)).toMatchObject({ secondFactorSetup: { deadline: deadline.toISOString(), overdue: false } });
    expect((await t.api.get('/trips', { as: member })).status).toBe(200);
  });

  it('after the grace: a member without one may only set one up, and is let through once they have', async () => {
    const admin = await buildUser(db(), { role: 'admin' });
    const member = await buildUser(db());
    await setRequirement(admin, true, 7);
    await daysPass(8);
    forgetSignInSettings(db());

    // The password still signs in: it is how they reach the account page.
    const signedIn = await login(member);
    expect(signedIn.body.user.id).toBe(member.id);
    const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))!.split(';')[0];
    expect((await sessionOf(member)).secondFactorSetup.overdue).toBe(true);
    const refused = await t.api.get('/trips', { as: cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(messages.twoFactor.setupRequired);
    expect((await t.api.post('/trips', { title: 'Coast', startLocationName: 'Here', startLocationLatitude: 1, startLocationLongitude: 2 }, { as: cookie })).status).toBe(403);
    // The admin without a factor is held up likewise, the sign-in settings included.
    expect((await t.api.adminGet('/admin/users', { as: admin })).status).toBe(403);

    const setup = await t.api.post('/account/two_factor/setup', {}, { as: cookie });
    expect(setup.status).toBe(200);
    const enabled = await t.api.post('/account/two_factor/enable', { code: await totpCode(setup.body.secret, -1) }, { as: cookie });
    expect(enabled.status).toBe(200);
    expect((await t.api.get('/trips', { as: cookie })).status).toBe(200);
    expect(Object.keys(await sessionOf(member))).not.toContain('secondFactorSetup');
    expect((await t.api.get('/account/two_factor', { as: member })).body.required).toBe(true);
    expect((await login(member)).body.secondFactor.methods).toEqual(['totp']);
  });

  it('asks a member whose only second factor is a passkey for it after the password, and only while it is required', async () => {
    const admin = await buildUser(db(), { role: 'admin' });
    const member = await buildUser(db());
    await addPasskey(member);
    expect((await login(member)).body.user.id).toBe(member.id);
    await setRequirement(admin, true, 0);
    const asked = await login(member);
    expect(asked.body.user).toBeUndefined();
    expect(asked.body.secondFactor.methods).toEqual(['passkey']);
    expect(asked.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    // No code can finish it: the passkey signs in on its own.
    const code = await t.api.post('/auth/login_with_code', { token: asked.body.secondFactor.token, code: '123456' }, { headers: newAddress() });
    expect(code.status).toBe(401);
    expect((await t.api.get('/trips', { as: member })).status).toBe(200);
  });

  it('keeps the last second factor while it is required: codes stay on without a passkey, the last passkey stays without codes', async () => {
    const admin = await buildUser(db(), { role: 'admin' });
    const withCodes = await buildUser(db());
    const { secret } = (await t.api.post('/account/two_factor/setup', {}, { as: withCodes })).body;
    await t.api.post('/account/two_factor/enable', { code: await totpCode(secret, -1) }, { as: withCodes });
    const withPasskey = await buildUser(db());
    await addPasskey(withPasskey);
    await setRequirement(admin, true, 14);

    const off = await t.api.post('/account/two_factor/disable', { code: await totpCode(secret) }, { as: withCodes });
    expect(off.status).toBe(409);
    expect(off.body.error).toBe(messages.twoFactor.stillRequired);
    const [passkey] = (await t.api.get('/account/passkeys', { as: withPasskey })).body.passkeys;
    const removed = await t.api.post('/account/passkeys/remove', { id: passkey.id }, { as: withPasskey });
    expect(removed.status).toBe(409);
    expect(removed.body.error).toBe(messages.twoFactor.lastPasskeyRequired);

    await setRequirement(admin, false, 14);
    expect((await t.api.post('/account/two_factor/disable', { code: await totpCode(secret) }, { as: withCodes })).status).toBe(200);
    expect((await t.api.post('/account/passkeys/remove', { id: passkey.id }, { as: withPasskey })).status).toBe(200);
  });
});
