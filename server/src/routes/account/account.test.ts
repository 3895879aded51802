/**
 * One's own account: the display name, a password change that ends the other sessions, and "Forgot
 * password?" end to end through nodemailer and a local SMTP server (single use, expiry, hashed at rest, the
 * same answer for unknown addresses, the request limits).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, PASSWORD_RESET_REQUESTS_PER_ACCOUNT } from '@caravan/shared';
import { planMessages } from '@caravan/shared/contracts/planFields';
import { hashToken, SESSION_COOKIE, type Config, type User } from '@caravan/engine';
import { sessionCreator } from '../../commands/sessionCreator.ts';
import { buildUser, DEFAULT_PASSWORD } from '../../test/factories.ts';
import { createSmtpMailbox } from '../../test/smtpMailbox.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const mailbox = createSmtpMailbox();
// trustProxy: each test speaks from its own client address (X-Forwarded-For), as the login throttle's tests do.
const overrides: Partial<Config> = { trustProxy: true };
beforeAll(async () => {
  overrides.smtpUrl = await mailbox.start();
});
afterAll(() => mailbox.close());
const t = useTestServer(overrides);
const db = () => t.server.deps.dataSource;

/** A fresh session of its own, as a second browser would hold. */
async function sessionOf(user: User): Promise<string> {
  return `${SESSION_COOKIE}=${await sessionCreator(db(), { userId: user.id })}`;
}
const signedIn = async (cookie: string) => (await t.api.get('/auth/session', { as: cookie })).status === 200;
const logIn = (email: string, password: string) => t.api.post('/auth/login_with_password', { email, password });
/** Each test its own client address, so the per-address limits of one test leave the others alone. */
let lastAddress = 10;
const fromAddress = () => ({ headers: { 'x-forwarded-for': `198.51.100.${lastAddress++}` } });

describe('POST /account/profile', () => {
  it('changes the display name, which the session shows at once', async () => {
    const user = await buildUser(db(), { displayName: 'Old Name' });
    const cookie = await sessionOf(user);
    expect((await t.api.get('/auth/session', { as: cookie })).body.user.displayName).toBe('Old Name');

    const response = await t.api.post('/account/profile', { displayName: '  Ana 🚐 Road  ' }, { as: cookie });

    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: user.id, displayName: 'Ana 🚐 Road', email: user.email });
    expect((await t.api.get('/auth/session', { as: cookie })).body.user.displayName).toBe('Ana 🚐 Road');
    const [row] = await db().query(`SELECT display_name FROM users WHERE id = $1`, [user.id]);
    expect(row.display_name).toBe('Ana 🚐 Road');
  });

  it('keeps the unit for distances per person: set, kept when left out, back to the locale with null, refused when unknown', async () => {
    const user = await buildUser(db(), { displayName: 'Ana' });
    const cookie = await sessionOf(user);
    const unit = async () => (await t.api.get('/auth/session', { as: cookie })).body.user.distanceUnit;
    expect(await unit()).toBeNull();

    const set = await t.api.post('/account/profile', { displayName: 'Ana', distanceUnit: 'mi' }, { as: cookie });
    expect(set.status).toBe(200);
    expect(set.body.user.distanceUnit).toBe('mi');
    expect(await unit()).toBe('mi');
    expect((await t.api.post('/account/profile', { displayName: 'Ana B' }, { as: cookie })).body.user.distanceUnit).toBe('mi');
    expect(await unit()).toBe('mi');

    for (const distanceUnit of ['furlong', 'MI', 3, '']) {
      const refused = await t.api.post('/account/profile', { displayName: 'Changed', distanceUnit }, { as: cookie });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(planMessages.invalidDistanceUnit);
    }
    const [row] = await db().query(`SELECT display_name, distance_unit FROM users WHERE id = $1`, [user.id]);
    expect(row).toEqual({ display_name: 'Ana B', distance_unit: 'mi' });

    expect((await t.api.post('/account/profile', { displayName: 'Ana B', distanceUnit: null }, { as: cookie })).body.user.distanceUnit).toBeNull();
    expect(await unit()).toBeNull();
  });

  it('refuses a blank or too long name, with the registration messages, and anonymous callers', async () => {
    const user = await buildUser(db(), { displayName: 'Kept' });
    for (const [displayName, message] of [
      ['   ', messages.validation.nameRequired],
      ['x'.repeat(101), messages.validation.nameTooLong],
      [42, messages.validation.nameRequired],
    ] as const) {
      const response = await t.api.post('/account/profile', { displayName }, { as: user });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(message);
    }
    expect((await t.api.post('/account/profile', { displayName: 'Anon' })).status).toBe(401);
    const [row] = await db().query(`SELECT display_name FROM users WHERE id = $1`, [user.id]);
    expect(row.display_name).toBe('Kept');
  });
});

describe('POST /account/password', () => {
  it('needs the current password, then changes it and ends every other session, keeping this one', async () => {
    const user = await buildUser(db());
    const here = await sessionOf(user);
    const elsewhere = await sessionOf(user);

    const wrong = await t.api.post('/account/password', { currentPassword: 'Nope12345', newPassword: 'NewPassword456' }, { as: here, ...fromAddress() });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe(messages.account.currentPasswordWrong);
    expect(await signedIn(elsewhere)).toBe(true);

    const changed = await t.api.post('/account/password', { currentPassword: DEFAULT_PASSWORD, newPassword: 'NewPassword456' }, { as: here, ...fromAddress() });

    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: messages.account.passwordChanged });
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect((await logIn(user.email, DEFAULT_PASSWORD)).status).toBe(401);
    expect((await logIn(user.email, 'NewPassword456')).status).toBe(200);
  });

  it('takes the registration rules and messages for the new password, and refuses anonymous callers', async () => {
    const user = await buildUser(db());
    for (const [body, message] of [
      [{ currentPassword: DEFAULT_PASSWORD, newPassword: 'short1A' }, messages.validation.passwordTooShort],
      [{ currentPassword: DEFAULT_PASSWORD, newPassword: 'x'.repeat(129) }, messages.validation.passwordTooLong],
      [{ currentPassword: '', newPassword: 'NewPassword456' }, messages.account.currentPasswordRequired],
      [{ currentPassword: DEFAULT_PASSWORD, newPassword: 'NewPassword456', extra: 1 }, 'Unrecognized extra properties: extra'],
    ] as const) {
      const response = await t.api.post('/account/password', body, { as: user });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(message);
    }
    expect((await t.api.post('/account/password', { currentPassword: DEFAULT_PASSWORD, newPassword: 'NewPassword456' })).status).toBe(401);
    expect((await logIn(user.email, DEFAULT_PASSWORD)).status).toBe(200);
  });
});

describe('Forgot password', () => {
  /** The link of the newest reset e-mail to `email`, and its token. */
  async function resetMail(email: string, since: number) {
    await expect.poll(() => mailbox.received.slice(since).some((mail) => mail.to.includes(email)), { timeout: 5000 }).toBe(true);
    const mail = mailbox.received.slice(since).find((received) => received.to.includes(email))!;
    const link = /(http\S+\/reset-password#token=([A-Za-z0-9_-]+))/.exec(mail.parts['text/plain'])!;
    return { mail, link: link[1], token: link[2] };
  }

  it('answers the same for an unknown address and a known one, and e-mails only the account a link whose token is stored hashed', async () => {
    const user = await buildUser(db(), { email: 'forgetful@example.com' });
    const since = mailbox.received.length;

    const known = await t.api.post('/auth/forgot_password', { email: ' Forgetful@Example.com ' }, fromAddress());
    const unknown = await t.api.post('/auth/forgot_password', { email: 'nobody-here@example.com' }, fromAddress());

    expect(known.status).toBe(200);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    expect(known.body).toEqual({ message: messages.account.resetRequested });
    const { link, token, mail } = await resetMail(user.email, since);
    expect(link.startsWith(`${t.server.deps.config.publicOrigin}/reset-password#token=`)).toBe(true);
    expect(mail.parts['text/html']).toContain('Choose a new password');
    expect(mailbox.received.slice(since).some((received) => received.to.includes('nobody-here@example.com'))).toBe(false);
    const rows = await db().query(`SELECT token_hash, expires_at - created_at AS ttl FROM password_reset_tokens WHERE user_id = $1`, [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('sets the new password from the link once, ends every session, and refuses the link after that', async () => {
    const user = await buildUser(db());
    const sessions = [await sessionOf(user), await sessionOf(user)];
    const since = mailbox.received.length;
    await t.api.post('/auth/forgot_password', { email: user.email }, fromAddress());
    const { token } = await resetMail(user.email, since);

    const tooShort = await t.api.post('/auth/reset_password', { token, newPassword: 'short' });
    expect(tooShort.body.error).toBe(messages.validation.passwordTooShort);

    const reset = await t.api.post('/auth/reset_password', { token, newPassword: 'Brand-new-789' });

    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: messages.account.passwordReset });
    for (const cookie of sessions) expect(await signedIn(cookie)).toBe(false);
    expect((await logIn(user.email, DEFAULT_PASSWORD)).status).toBe(401);
    expect((await logIn(user.email, 'Brand-new-789')).status).toBe(200);

    const again = await t.api.post('/auth/reset_password', { token, newPassword: 'Another-one-000' });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(messages.account.resetLinkInvalid);
    expect((await logIn(user.email, 'Brand-new-789')).status).toBe(200);
  });

  it('refuses an expired link, a made-up one, and every older link once one was used', async () => {
    const user = await buildUser(db());
    let since = mailbox.received.length;
    await t.api.post('/auth/forgot_password', { email: user.email }, fromAddress());
    const first = await resetMail(user.email, since);
    since = mailbox.received.length;
    await t.api.post('/auth/forgot_password', { email: user.email }, fromAddress());
    const second = await resetMail(user.email, since);
    expect(second.token).not.toBe(first.token);

    await db().query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashToken(first.token)]);
    for (const token of [first.token, 'made-up-token', 'x'.repeat(101)]) {
      const refused = await t.api.post('/auth/reset_password', { token, newPassword: 'Brand-new-789' });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(messages.account.resetLinkInvalid);
    }
    expect((await logIn(user.email, DEFAULT_PASSWORD)).status).toBe(200);

    since = mailbox.received.length;
    await t.api.post('/auth/forgot_password', { email: user.email }, fromAddress());
    const third = await resetMail(user.email, since);
    expect((await t.api.post('/auth/reset_password', { token: third.token, newPassword: 'Brand-new-789' })).status).toBe(200);
    expect((await t.api.post('/auth/reset_password', { token: second.token, newPassword: 'Other-new-000' })).status).toBe(400);
  });

  it('limits requests per address as typed, known or not, alike', async () => {
    const user = await buildUser(db());
    for (const email of [user.email, 'ghost@example.com']) {
      const statuses = [];
      for (let i = 0; i <= PASSWORD_RESET_REQUESTS_PER_ACCOUNT; i++) {
        statuses.push((await t.api.post('/auth/forgot_password', { email }, fromAddress())).status);
      }
      expect(statuses).toEqual([...Array(PASSWORD_RESET_REQUESTS_PER_ACCOUNT).fill(200), 429]);
    }
    const limited = await t.api.post('/auth/forgot_password', { email: 'ghost@example.com' }, fromAddress());
    expect(limited.body.error).toMatch(/^Too many requests for a password reset/);
  });

  it('limits requests per client address over many accounts', async () => {
    const address = { headers: { 'x-forwarded-for': '203.0.113.77' } };
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await t.api.post('/auth/forgot_password', { email: `spray${i}@example.com` }, address)).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
