import { describe, expect, it } from 'vitest';
import { messages, SESSION_IDLE_TIMEOUT_MS } from '@caravan/shared';
import { SESSION_COOKIE, SessionEntity } from '@caravan/engine';
import { useTestServer } from '../../test/useTestServer.ts';
import { buildUser, DEFAULT_PASSWORD } from '../../test/factories.ts';

const t = useTestServer();

function sessionCookie(response: { headers: Headers }): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!header) throw new Error('no session cookie set');
  return header.split(';')[0];
}

describe('registration', () => {
  it('creates an account and signs it in', async () => {
    const response = await t.api.post('/auth/register_with_password', {
      email: 'Alice@Example.com',
      password: 'Secret123',
      displayName: 'Alice 🚐',
    });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ email: 'Alice@Example.com', displayName: 'Alice 🚐', role: 'user' });
    expect(response.body.user).not.toHaveProperty('passwordHash');
    const setCookie = response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=lax/i);
    const session = await t.api.get('/auth/session', { as: sessionCookie(response) });
    expect(session.body.user.email).toBe('Alice@Example.com');
  });

  it('refuses an e-mail already in use, whatever its case', async () => {
    await buildUser(t.server.deps.dataSource, { email: 'taken@example.com' });
    const response = await t.api.post('/auth/register_with_password', {
      email: 'TAKEN@example.com',
      password: 'Secret123',
      displayName: 'Someone',
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toContain('Email already in use');
  });

  it.each([
    [{ email: 'a@b.co', password: 'short', displayName: 'A' }, messages.validation.passwordTooShort],
    [{ email: 'a@b.co', password: 'x'.repeat(129), displayName: 'A' }, messages.validation.passwordTooLong],
    [{ email: 'a@b.co', password: 'Secret123', displayName: '   ' }, messages.validation.nameRequired],
    [{ email: 'not-an-email', password: 'Secret123', displayName: 'A' }, messages.validation.invalidEmail],
    [{ email: 'a@b.co', password: 'Secret123', displayName: 'A', role: 'admin' }, 'Unrecognized extra properties: role'],
  ])('refuses %j with its message', async (body, message) => {
    const response = await t.api.post('/auth/register_with_password', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message, message });
  });
});

describe('password sign-in', () => {
  it('signs in with a new session each time', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    const first = await t.api.post('/auth/login_with_password', { email: user.email, password: DEFAULT_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body.user.id).toBe(user.id);
    const second = await t.api.post(
      '/auth/login_with_password',
      { email: user.email, password: DEFAULT_PASSWORD },
      { as: sessionCookie(first) },
    );
    expect(sessionCookie(second)).not.toBe(sessionCookie(first));
    expect((await t.api.get('/auth/session', { as: sessionCookie(first) })).status).toBe(401);
    expect((await t.api.get('/auth/session', { as: sessionCookie(second) })).status).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    const wrongPassword = await t.api.post('/auth/login_with_password', { email: user.email, password: 'nope-nope' });
    const unknownEmail = await t.api.post('/auth/login_with_password', { email: 'ghost@example.com', password: 'nope-nope' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.body.error).toBe(messages.auth.invalidCredentials);
  });

  it.each([
    [{ password: 'x' }, messages.validation.emailRequired],
    [{ email: 'nope', password: 'x' }, messages.validation.emailRequired],
    [{ email: 'a@b.co' }, messages.validation.passwordRequired],
    [{ email: 'a@b.co', password: '' }, messages.validation.passwordRequired],
  ])('refuses %j with its message', async (body, message) => {
    const response = await t.api.post('/auth/login_with_password', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
  });

  it('refuses a disabled account', async () => {
    const user = await buildUser(t.server.deps.dataSource, { status: 'disabled' });
    const response = await t.api.post('/auth/login_with_password', { email: user.email, password: DEFAULT_PASSWORD });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe(messages.auth.accountDisabled);
  });
});

describe('sessions', () => {
  it('answers 401 without a session and with a forged cookie', async () => {
    expect((await t.api.get('/auth/session')).status).toBe(401);
    const forged = await t.api.get('/auth/session', { as: `${SESSION_COOKIE}=forged` });
    expect(forged.status).toBe(401);
    expect(forged.body.error).toBe(messages.auth.notAuthenticated);
  });

  it('stores only a hash of the token', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    const login = await t.api.post('/auth/login_with_password', { email: user.email, password: DEFAULT_PASSWORD });
    const token = sessionCookie(login).split('=')[1];
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const sessions = await t.server.deps.dataSource.getRepository(SessionEntity).findBy({ userId: user.id });
    expect(sessions).toHaveLength(1);
    expect(sessions[0].tokenHash).not.toContain(token);
  });

  it('ends the session at logout', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    const login = await t.api.post('/auth/login_with_password', { email: user.email, password: DEFAULT_PASSWORD });
    const cookie = sessionCookie(login);
    const logout = await t.api.post('/auth/logout', {}, { as: cookie });
    expect(logout.status).toBe(200);
    expect((await t.api.get('/auth/session', { as: cookie })).status).toBe(401);
  });

  it('expires after 14 idle days and after 60 days in all', async () => {
    const user = await buildUser(t.server.deps.dataSource);
    const idle = (await t.api.post('/auth/login_with_password', { email: user.email, password: DEFAULT_PASSWORD }));
    const old = (await t.api.post('/auth/login_with_password', { email: user.email, password: DEFAULT_PASSWORD }));
    const repository = t.server.deps.dataSource.getRepository(SessionEntity);
    const sessions = await repository.find({ where: { userId: user.id }, order: { createdAt: 'ASC' } });
    expect(sessions).toHaveLength(2);
    await repository.update(
      { tokenHash: sessions[0].tokenHash },
      { lastSeenAt: new Date(Date.now() - SESSION_IDLE_TIMEOUT_MS - 1000) },
    );
    await repository.update({ tokenHash: sessions[1].tokenHash }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await t.api.get('/auth/session', { as: sessionCookie(idle) })).status).toBe(401);
    expect((await t.api.get('/auth/session', { as: sessionCookie(old) })).status).toBe(401);
  });
});

describe('request hygiene', () => {
  it('refuses state-changing calls from another site', async () => {
    const response = await t.api.post(
      '/auth/login_with_password',
      { email: 'a@b.co', password: 'x' },
      { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } },
    );
    expect(response.status).toBe(403);
    const byOrigin = await t.api.post('/auth/logout', {}, { headers: { origin: 'https://evil.example' } });
    expect(byOrigin.status).toBe(403);
  });

  it('accepts JSON bodies only, within a size limit, and never answers 500 to bad input', async () => {
    expect((await t.api.post('/auth/logout', 'a=b', { headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
    expect((await t.api.post('/auth/login_with_password', '{"email":')).status).toBe(400);
    expect((await t.api.post('/auth/login_with_password', 'null')).status).toBe(400);
    expect((await t.api.post('/auth/login_with_password', '[]')).status).toBe(400);
    const huge = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200_000) });
    expect((await t.api.post('/auth/login_with_password', huge)).status).toBe(413);
  });

  it('sets security headers and a request id', async () => {
    const response = await t.api.get('/auth/session');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const response = await t.api.get('/nope');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: messages.common.notFound });
  });
});
