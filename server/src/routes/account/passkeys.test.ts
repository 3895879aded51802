/**
 * Passkeys end to end over HTTP with a software authenticator (ES256, 'none' attestation): registered from the
 * account, listed, renamed and removed; signing in with one; and what must be refused: a replayed or stale
 * challenge, a wrong origin, another account's challenge or passkey, a removed passkey, a counter that went back,
 * a disabled account, and too many failures (the password sign-in's throttle).
 */
import { describe, expect, it } from 'vitest';
import { messages, PASSKEY_SIGN_IN_CHALLENGES_PER_ADDRESS } from '@caravan/shared';
import { type Config, type User } from '@caravan/engine';
import { buildUser } from '../../test/factories.ts';
import { softAuthenticator, type SoftPasskey } from '../../test/softAuthenticator.ts';
import { useTestServer } from '../../test/useTestServer.ts';

// trustProxy: each test speaks from its own client address, so the throttle of one leaves the others alone.
const overrides: Partial<Config> = { trustProxy: true };
const t = useTestServer(overrides);
const db = () => t.server.deps.dataSource;
const origin = () => t.server.deps.config.publicOrigin;
const authenticator = () => softAuthenticator(new URL(origin()).hostname);
let lastAddress = 10;
const newAddress = () => ({ 'x-forwarded-for': `203.0.113.${lastAddress++}` });

async function registrationOptions(user: User) {
  const response = await t.api.post('/account/passkeys/registration_options', {}, { as: user });
  expect(response.status).toBe(200);
  return response.body.options;
}

/** Registers a new software passkey for `user`; returns it with the server's answer. */
async function register(user: User, keys = authenticator(), { name, from = origin() }: { name?: string; from?: string } = {}) {
  const options = await registrationOptions(user);
  const { passkey, credential } = keys.register(options, from);
  const response = await t.api.post('/account/passkeys/register', { credential, ...(name ? { name } : {}) }, { as: user });
  return { passkey, credential, response, keys };
}

async function signInChallenge(headers: Record<string, string> = newAddress()): Promise<string> {
  const response = await t.api.post('/auth/passkey_options', {}, { headers });
  expect(response.status).toBe(200);
  expect(response.body.options.rpId).toBe(new URL(origin()).hostname);
  // Discoverable credentials: no list of allowed passkeys, the browser offers the site's own.
  expect(response.body.options.allowCredentials ?? []).toEqual([]);
  return response.body.options.challenge;
}

function signIn(credential: unknown, headers: Record<string, string> = newAddress()) {
  return t.api.post('/auth/login_with_passkey', { credential }, { headers });
}

async function signInWith(keys: ReturnType<typeof authenticator>, passkey: SoftPasskey, headers?: Record<string, string>) {
  return signIn(keys.assert(passkey, await signInChallenge(), origin()), headers);
}

const list = async (user: User) => (await t.api.get('/account/passkeys', { as: user })).body.passkeys;

describe('passkeys on the account page', () => {
  it('registers several, lists them with names and dates, renames and removes one', async () => {
    const user = await buildUser(db());
    const first = await register(user, authenticator(), { name: 'Laptop' });
    expect(first.response.status).toBe(201);
    expect(first.response.body.passkey).toMatchObject({ name: 'Laptop', lastUsedAt: null });
    const second = await register(user);
    expect(second.response.status).toBe(201);
    expect(second.response.body.passkey.name).toBe('Passkey 2');

    const listed = await list(user);
    expect(listed.map((passkey: { name: string }) => passkey.name)).toEqual(['Laptop', 'Passkey 2']);
    expect(Date.parse(listed[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Object.keys(listed[0]).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name']);

    const renamed = await t.api.post('/account/passkeys/rename', { id: listed[1].id, name: '  Phone  ' }, { as: user });
    expect(renamed.status).toBe(200);
    expect(renamed.body.passkey.name).toBe('Phone');
    expect((await t.api.post('/account/passkeys/rename', { id: listed[1].id, name: ' ' }, { as: user })).body.error).toBe(
      messages.passkeys.nameRequired,
    );

    const removed = await t.api.post('/account/passkeys/remove', { id: listed[0].id }, { as: user });
    expect(removed.body).toEqual({ message: messages.passkeys.removed });
    expect((await list(user)).map((passkey: { name: string }) => passkey.name)).toEqual(['Phone']);
  });

  it('refuses a replayed registration, a wrong origin, a challenge issued to another account, and a signed-out caller', async () => {
    const user = await buildUser(db());
    const other = await buildUser(db());
    const { credential, response } = await register(user);
    expect(response.status).toBe(201);
    const replayed = await t.api.post('/account/passkeys/register', { credential }, { as: user });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toBe(messages.passkeys.challengeExpired);

    const wrongOrigin = await register(user, authenticator(), { from: 'https://evil.example' });
    expect(wrongOrigin.response.status).toBe(400);
    expect(wrongOrigin.response.body.error).toBe(messages.passkeys.notVerified);

    // Another account's challenge: the same answer, sent by `other`.
    const options = await registrationOptions(user);
    const stolen = authenticator().register(options, origin()).credential;
    expect((await t.api.post('/account/passkeys/register', { credential: stolen }, { as: other })).body.error).toBe(
      messages.passkeys.challengeExpired,
    );
    expect((await t.api.post('/account/passkeys/registration_options', {})).status).toBe(401);
    expect(await list(user)).toHaveLength(1);
    expect(await list(other)).toHaveLength(0);
  });

  it("does not rename or remove another account's passkey, nor register one that is already registered", async () => {
    const owner = await buildUser(db());
    const other = await buildUser(db());
    const { response, credential } = await register(owner);
    const id = response.body.passkey.id;
    expect((await t.api.post('/account/passkeys/rename', { id, name: 'Mine' }, { as: other })).status).toBe(404);
    expect((await t.api.post('/account/passkeys/remove', { id }, { as: other })).status).toBe(404);
    expect(await list(other)).toEqual([]);

    // The same authenticator's credential again, under a fresh challenge for the other account.
    const options = await registrationOptions(other);
    const clientData = JSON.parse(Buffer.from(credential.response.clientDataJSON, 'base64url').toString());
    const again = { ...credential, response: { ...credential.response, clientDataJSON: Buffer.from(JSON.stringify({ ...clientData, challenge: options.challenge })).toString('base64url') } };
    const duplicate = await t.api.post('/account/passkeys/register', { credential: again }, { as: other });
    expect(duplicate.status).toBe(409);
    expect((await list(owner))[0].name).toBe('Passkey 1');
  });
});

describe('signing in with a passkey', () => {
  it('signs in with any of the account passkeys, records its last use, and refuses a replayed assertion', async () => {
    const user = await buildUser(db());
    const { keys, passkey } = await register(user);
    const second = await register(user, keys);
    const response = await signInWith(keys, passkey);
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: user.id, email: user.email });
    const cookie = response.headers.get('set-cookie')!.split(';')[0];
    expect((await t.api.get('/auth/session', { as: cookie })).body.user.id).toBe(user.id);
    expect((await list(user))[0].lastUsedAt).not.toBeNull();
    expect((await signInWith(keys, second.passkey)).status).toBe(200);

    const assertion = keys.assert(passkey, await signInChallenge(), origin());
    expect((await signIn(assertion)).status).toBe(200);
    const replayed = await signIn(assertion);
    expect(replayed.status).toBe(401);
    expect(replayed.body.error).toBe(messages.passkeys.challengeExpired);
  });

  it('refuses a wrong origin, a stale challenge, a counter that went back, and a user handle of another account', async () => {
    const user = await buildUser(db());
    const other = await buildUser(db());
    const { keys, passkey } = await register(user);

    const wrongOrigin = await signIn(keys.assert(passkey, await signInChallenge(), 'https://evil.example'));
    expect(wrongOrigin.status).toBe(401);
    expect(wrongOrigin.body.error).toBe(messages.passkeys.signInFailed);

    const stale = await signInChallenge();
    await db().query(`UPDATE passkey_challenges SET expires_at = now() - interval '1 second' WHERE challenge = $1`, [stale]);
    expect((await signIn(keys.assert(passkey, stale, origin()))).body.error).toBe(messages.passkeys.challengeExpired);

    expect((await signInWith(keys, passkey)).status).toBe(200);
    // A clone of the authenticator: its counter is behind the one the server saw last.
    passkey.counter -= 2;
    expect((await signInWith(keys, passkey)).status).toBe(401);

    // Ahead of the stored counter again, so only the user handle is wrong.
    passkey.counter = 10;
    const otherHandle = Buffer.from(String(other.id)).toString('base64url');
    const mismatched = keys.assert(passkey, await signInChallenge(), origin(), { userHandle: otherHandle });
    expect((await signIn(mismatched)).status).toBe(401);
    expect((await signInWith(keys, passkey)).status).toBe(200);
  });

  it('no longer signs in with a removed passkey, nor into a disabled account', async () => {
    const user = await buildUser(db());
    const { keys, passkey, response } = await register(user);
    await t.api.post('/account/passkeys/remove', { id: response.body.passkey.id }, { as: user });
    const removed = await signInWith(keys, passkey);
    expect(removed.status).toBe(401);
    expect(removed.body.error).toBe(messages.passkeys.signInFailed);
    expect(removed.headers.get('set-cookie')).toBeNull();

    const disabled = await buildUser(db());
    const registered = await register(disabled);
    await db().query(`UPDATE users SET status = 'disabled' WHERE id = $1`, [disabled.id]);
    const refused = await signInWith(registered.keys, registered.passkey);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(messages.auth.accountDisabled);
  });

  it('is throttled like passwords: after the free failures from one address, even a good passkey waits', async () => {
    const user = await buildUser(db());
    const { keys, passkey } = await register(user);
    const address = newAddress();
    for (let failure = 0; failure < 5; failure += 1) {
      expect((await signIn(keys.assert(passkey, await signInChallenge(), 'https://evil.example'), address)).status).toBe(401);
    }
    const waiting = await signInWith(keys, passkey, address);
    expect(waiting.status).toBe(429);
    expect(waiting.body.error).toMatch(/Too many login attempts/);
    // Another address is not held up by this one's failures.
    expect((await signInWith(keys, passkey)).status).toBe(200);
  });

  it('holds a few unanswered sign-in challenges per client address: anyone may ask, so nobody fills the table', async () => {
    const address = newAddress();
    for (let held = 0; held < PASSKEY_SIGN_IN_CHALLENGES_PER_ADDRESS; held += 1) await signInChallenge(address);
    const refused = await t.api.post('/auth/passkey_options', {}, { headers: address });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(messages.passkeys.tooManyChallenges);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    // Another address is not held up.
    await signInChallenge();
  });
});
