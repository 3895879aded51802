/**
 * Two-factor codes end to end over HTTP, with codes made by otplib from the secret the server hands out: enrolling
 * (a wrong code enables nothing), the password's answer becoming a second step with no session, codes that work
 * once (a replay within the same time step is refused), backup codes that work once, new backup codes, turning
 * codes off (only with a code), and wrong codes throttled like passwords. The secret is kept sealed.
 */
import { describe, expect, it } from 'vitest';
import { BACKUP_CODE_COUNT, messages, PENDING_SIGN_IN_MAX_ATTEMPTS, TOTP_ISSUER } from '@caravan/shared';
import { SESSION_COOKIE, secretBox, type User } from '@caravan/engine';
import { buildUser, DEFAULT_PASSWORD } from '../../test/factories.ts';
import { totpCode } from '../../test/totpCodes.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import type { ApiResponse } from '../../test/apiClient.ts';

// trustProxy: each test speaks from its own client address, so the throttle of one leaves the others alone.
const t = useTestServer({ trustProxy: true });
const db = () => t.server.deps.dataSource;
let lastAddress = 10;
const newAddress = () => ({ 'x-forwarded-for': `198.51.100.${lastAddress++}` });

/** Sets up and turns on codes for `user`; the secret, the backup codes, and the step its first code was for. */
async function enrol(user: User) {
  const setup = await t.api.post('/account/two_factor/setup', {}, { as: user });
  expect(setup.status).toBe(200);
  const { secret } = setup.body;
  // The step before now: the next code the test makes (now's) is still a later one.
  const enabled = await t.api.post('/account/two_factor/enable', { code: await totpCode(secret, -1) }, { as: user });
  expect(enabled.status).toBe(200);
  return { secret: secret as string, backupCodes: enabled.body.backupCodes as string[] };
}

function login(user: User, headers: Record<string, string>) {
  return t.api.post('/auth/login_with_password', { email: user.email, password: DEFAULT_PASSWORD }, { headers });
}

async function secondStep(user: User, headers: Record<string, string>): Promise<string> {
  const response = await login(user, headers);
  expect(response.status).toBe(200);
  expect(response.body.user).toBeUndefined();
  expect(response.body.secondFactor.methods).toEqual(['totp']);
  expect(sessionCookieOf(response)).toBeUndefined();
  return response.body.secondFactor.token;
}

function withCode(token: string, code: string, headers: Record<string, string>) {
  return t.api.post('/auth/login_with_code', { token, code }, { headers });
}

function sessionCookieOf(response: ApiResponse): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0];
}

const status = async (user: User) => (await t.api.get('/account/two_factor', { as: user })).body;

describe('enrolling an authenticator app', () => {
  it('hands out a secret with its QR code (kept sealed), turns codes on only with a right code, and shows 10 backup codes once, stored hashed', async () => {
    const user = await buildUser(db());
    expect(await status(user)).toEqual({ totp: { enabled: false, backupCodesLeft: 0 }, passkeys: 0, required: false });
    const setup = await t.api.post('/account/two_factor/setup', {}, { as: user });
    expect(setup.status).toBe(200);
    const { secret, otpauthUri, qrCodeSvg } = setup.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe(TOTP_ISSUER);
    expect(decodeURIComponent(uri.pathname)).toContain(user.email);
    expect(qrCodeSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(qrCodeSvg).not.toMatch(/<script/i);
    // Kept sealed: the database alone does not give the secret away.
    const [kept]: { secret: string }[] = await db().query(`SELECT secret FROM totp_factors WHERE user_id = $1`, [user.id]);
    expect(kept.secret).toMatch(/^sealed1:/);
    expect(kept.secret).not.toContain(secret);

    const wrong = await t.api.post('/account/two_factor/enable', { code: String((Number(await totpCode(secret)) + 1) % 1_000_000).padStart(6, '0') }, { as: user });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(messages.twoFactor.codeWrong);
    expect((await status(user)).totp.enabled).toBe(false);
    // A password alone still signs in while codes are not on.
    expect((await login(user, newAddress())).body.user.id).toBe(user.id);

    const enabled = await t.api.post('/account/two_factor/enable', { code: await totpCode(secret) }, { as: user });
    expect(enabled.status).toBe(200);
    const codes: string[] = enabled.body.backupCodes;
    expect(codes).toHaveLength(BACKUP_CODE_COUNT);
    expect(new Set(codes).size).toBe(BACKUP_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status(user)).toEqual({ totp: { enabled: true, backupCodesLeft: BACKUP_CODE_COUNT }, passkeys: 0, required: false });

    const stored: { code_hash: string }[] = await db().query(`SELECT code_hash FROM totp_backup_codes WHERE user_id = $1`, [user.id]);
    expect(stored).toHaveLength(BACKUP_CODE_COUNT);
    for (const { code_hash } of stored) {
      expect(code_hash).toMatch(/^\$argon2id\$/);
      for (const code of codes) expect(code_hash).not.toContain(code.replace('-', '').slice(2));
    }
    // Once on, a new secret cannot replace the one in use, nor can it be enabled twice.
    expect((await t.api.post('/account/two_factor/setup', {}, { as: user })).status).toBe(409);
    expect((await t.api.post('/account/two_factor/enable', { code: await totpCode(secret, 1) }, { as: user })).status).toBe(409);
  });

  it('refuses to enable before setting up, and a signed-out caller', async () => {
    const user = await buildUser(db());
    const early = await t.api.post('/account/two_factor/enable', { code: '123456' }, { as: user });
    expect(early.status).toBe(400);
    expect(early.body.error).toBe(messages.twoFactor.setupFirst);
    expect((await t.api.post('/account/two_factor/setup', {})).status).toBe(401);
    expect((await t.api.get('/account/two_factor')).status).toBe(401);
    const blank = await t.api.post('/account/two_factor/enable', { code: '  ' }, { as: user });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe(messages.twoFactor.codeRequired);
  });
});

describe('signing in with a code', () => {
  it('asks for a code after the password, starts no session until it is right, and finishes once', async () => {
    const user = await buildUser(db());
    const { secret } = await enrol(user);
    const from = newAddress();
    const token = await secondStep(user, from);
    // The token is no session.
    expect((await t.api.get('/auth/session', { as: `${SESSION_COOKIE}=${token}` })).status).toBe(401);

    const wrong = await withCode(token, String((Number(await totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0'), from);
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe(messages.twoFactor.codeWrong);
    expect(sessionCookieOf(wrong)).toBeUndefined();

    const right = await withCode(token, await totpCode(secret), from);
    expect(right.status).toBe(200);
    expect(right.body.user).toMatchObject({ id: user.id, email: user.email });
    const cookie = sessionCookieOf(right)!;
    expect((await t.api.get('/auth/session', { as: cookie })).body.user.id).toBe(user.id);

    // Single use: the same token again, even with a fresh code, is over.
    const again = await withCode(token, await totpCode(secret, 1), from);
    expect(again.status).toBe(401);
    expect(again.body.error).toBe(messages.twoFactor.signInExpired);
  });

  it('refuses a code already used, even within its own time step, and takes the next one', async () => {
    const user = await buildUser(db());
    const { secret } = await enrol(user);
    const from = newAddress();
    const code = await totpCode(secret);
    expect((await withCode(await secondStep(user, from), code, from)).status).toBe(200);
    const replayed = await withCode(await secondStep(user, from), code, from);
    expect(replayed.status).toBe(401);
    expect(replayed.body.error).toBe(messages.twoFactor.codeWrong);
    // The enrolment's own code (the step before) is spent too.
    expect((await withCode(await secondStep(user, from), await totpCode(secret, -1), from)).status).toBe(401);
    expect((await withCode(await secondStep(user, from), await totpCode(secret, 1), from)).status).toBe(200);
  });

  it('takes each backup code once, as typed with capitals and spaces, in place of a code', async () => {
    const user = await buildUser(db());
    const { backupCodes } = await enrol(user);
    const from = newAddress();
    const typed = ` ${backupCodes[3].toUpperCase().replace('-', ' ')} `;
    const first = await withCode(await secondStep(user, from), typed, from);
    expect(first.status).toBe(200);
    expect(first.body.user.id).toBe(user.id);
    expect((await status(user)).totp.backupCodesLeft).toBe(BACKUP_CODE_COUNT - 1);
    const second = await withCode(await secondStep(user, from), backupCodes[3], from);
    expect(second.status).toBe(401);
    expect(second.body.error).toBe(messages.twoFactor.codeWrong);
    expect((await withCode(await secondStep(user, from), backupCodes[4], from)).status).toBe(200);
  });

  it('refuses app codes, never a 5xx, when the secret was sealed under a key since lost; backup codes still sign in', async () => {
    const user = await buildUser(db());
    const { secret, backupCodes } = await enrol(user);
    await db().query(`UPDATE totp_factors SET secret = $2 WHERE user_id = $1`, [user.id, secretBox('a key since lost').seal(secret)]);
    const from = newAddress();
    const refused = await withCode(await secondStep(user, from), await totpCode(secret, 1), from);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(messages.twoFactor.codeWrong);
    expect((await withCode(await secondStep(user, from), backupCodes[0], from)).status).toBe(200);
  });

  it('ends a pending sign-in after too many wrong codes, and an expired one', async () => {
    const user = await buildUser(db());
    const { secret } = await enrol(user);
    const from = newAddress();
    const token = await secondStep(user, from);
    for (let attempt = 0; attempt < PENDING_SIGN_IN_MAX_ATTEMPTS; attempt += 1) {
      expect((await withCode(token, 'aaaaa-aaaaa', from)).status).toBe(401);
      // Past the free failures the throttle asks to wait: time passes.
      await db().query(`UPDATE login_failures SET failed_at = failed_at - interval '1 hour'`);
    }
    const after = await withCode(token, await totpCode(secret), from);
    expect(after.status).toBe(401);
    expect(after.body.error).toBe(messages.twoFactor.signInExpired);

    const stale = await secondStep(user, from);
    await db().query(`UPDATE pending_sign_ins SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    const late = await withCode(stale, await totpCode(secret), from);
    expect(late.status).toBe(401);
    expect(late.body.error).toBe(messages.twoFactor.signInExpired);
    expect((await withCode('not-a-token', await totpCode(secret), from)).body.error).toBe(messages.twoFactor.signInExpired);
  });

  it('throttles wrong codes like passwords: past the free failures even the right code waits, and a right password does not reset them', async () => {
    const user = await buildUser(db());
    const { secret } = await enrol(user);
    const from = newAddress();
    let token = await secondStep(user, from);
    for (let failures = 0; failures < 5; failures += 1) {
      if (failures === PENDING_SIGN_IN_MAX_ATTEMPTS - 1) {
        expect((await withCode(token, '000000', from)).status).toBe(401);
        token = await secondStep(user, from);
      } else {
        expect((await withCode(token, 'zzzzz-zzzzz', from)).status).toBe(401);
      }
    }
    // The password is right again: its own throttle, which does not take back the codes' failures.
    token = await secondStep(user, from);
    // The last failure was just now however slow this machine is: the first wait (2 s) has not passed.
    await db().query(`UPDATE login_failures SET failed_at = now() WHERE account LIKE 'second_factor:%'`);
    const held = await withCode(token, await totpCode(secret), from);
    expect(held.status).toBe(429);
    expect(held.body.error).toBe(messages.auth.tooManyAttempts(Number(held.headers.get('retry-after'))));
    // A refusal to wait is no wrong code: once the wait is over the same sign-in finishes.
    await db().query(`UPDATE login_failures SET failed_at = failed_at - interval '1 hour'`);
    expect((await withCode(token, await totpCode(secret), from)).status).toBe(200);
  });
});

describe('managing codes', () => {
  it('makes new backup codes only with a code, and the old ones stop working', async () => {
    const user = await buildUser(db());
    const { secret, backupCodes } = await enrol(user);
    const wrong = await t.api.post('/account/two_factor/backup_codes', { code: '000000' }, { as: user });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(messages.twoFactor.codeWrong);
    const fresh = await t.api.post('/account/two_factor/backup_codes', { code: await totpCode(secret) }, { as: user });
    expect(fresh.status).toBe(200);
    expect(fresh.body.backupCodes).toHaveLength(BACKUP_CODE_COUNT);
    expect(fresh.body.backupCodes.some((code: string) => backupCodes.includes(code))).toBe(false);
    const from = newAddress();
    expect((await withCode(await secondStep(user, from), backupCodes[0], from)).status).toBe(401);
    expect((await withCode(await secondStep(user, from), fresh.body.backupCodes[0], from)).status).toBe(200);
  });

  it('turns codes off only with a current code or a backup code; the password alone signs in again', async () => {
    const user = await buildUser(db());
    const { backupCodes } = await enrol(user);
    const none = await t.api.post('/account/two_factor/disable', {}, { as: user });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(messages.twoFactor.codeRequired);
    const wrong = await t.api.post('/account/two_factor/disable', { code: '111111' }, { as: user });
    expect(wrong.status).toBe(400);
    expect((await status(user)).totp.enabled).toBe(true);

    const off = await t.api.post('/account/two_factor/disable', { code: backupCodes[9] }, { as: user });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(messages.twoFactor.disabled);
    expect(await status(user)).toEqual({ totp: { enabled: false, backupCodesLeft: 0 }, passkeys: 0, required: false });
    expect(await db().query(`SELECT 1 FROM totp_backup_codes WHERE user_id = $1`, [user.id])).toEqual([]);
    const plain = await login(user, newAddress());
    expect(plain.body.user.id).toBe(user.id);
    expect(sessionCookieOf(plain)).toBeDefined();
    expect((await t.api.post('/account/two_factor/disable', { code: '123456' }, { as: user })).body.error).toBe(messages.twoFactor.notEnabled);
  });
});
