/**
 * Google sign-in end to end against oauth2-mock-server: the popup's redirects are followed by hand
 * (cookies carried like a browser would), and the callback page's script is run against a fake
 * window.opener to see exactly what it posts, and to where.
 */
import { randomBytes } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, OAUTH_CREDENTIAL_TTL_MS } from '@caravan/shared';
import { hashToken, OAuthAccountEntity, SESSION_COOKIE, UserEntity } from '@caravan/engine';
import { OAUTH_STATE_COOKIE } from '../../auth/oauthStateStore.ts';
import type { RunningServer } from '../../server.ts';
import { createApi } from '../../test/apiClient.ts';
import { readPopupPage, type PopupPage } from '../../test/oauthPopupPage.ts';
import { buildUser, DEFAULT_PASSWORD } from '../../test/factories.ts';
import { startTestServer } from '../../test/testServer.ts';
import { totpCode } from '../../test/totpCodes.ts';

let provider: OAuth2Server;
let server: RunningServer;
let api: ReturnType<typeof createApi>;
/** What the mock's userinfo endpoint answers next. */
let googleProfile: Record<string, unknown>;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeUserinfo', (response) => {
    response.body = googleProfile;
  });
  const issuer = provider.issuer.url!;
  server = await startTestServer({
    google: {
      clientId: 'caravan-test-client',
      clientSecret: 'caravan-test-secret',
      authorizationURL: `${issuer}/authorize`,
      tokenURL: `${issuer}/token`,
      userProfileURL: `${issuer}/userinfo`,
    },
  });
  api = createApi(server);
});

afterAll(async () => {
  await server?.close();
  await provider?.stop();
});

beforeEach(() => {
  googleProfile = newGoogleAccount();
});

function newGoogleAccount(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = randomBytes(6).toString('hex');
  return {
    sub: `google-${id}`,
    email: `gina-${id}@gmail.example`,
    email_verified: true,
    name: 'Gina Google',
    picture: `https://images.example/${id}.png`,
    ...overrides,
  };
}

function cookieFrom(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

/** Opens the popup: our authorize endpoint, which sends it on to the provider. */
function openPopup(providerName = 'google'): Promise<Response> {
  return fetch(`${server.url}/_api/auth/oauth_authorize?provider=${providerName}`, { redirect: 'manual' });
}

/** The popup goes to the provider, which (the mock consents at once) redirects back to our callback. */
async function throughProvider(authorize: Response): Promise<{ callbackUrl: URL; stateCookie: string }> {
  expect(authorize.status).toBe(302);
  const stateCookie = cookieFrom(authorize, OAUTH_STATE_COOKIE);
  if (!stateCookie) throw new Error('no state cookie set');
  const atProvider = await fetch(authorize.headers.get('location')!, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  return { callbackUrl: new URL(atProvider.headers.get('location')!), stateCookie: stateCookie.split(';')[0] };
}

async function callback(callbackUrl: URL, cookie?: string): Promise<PopupPage> {
  const response = await fetch(callbackUrl, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return readPopupPage(response);
}

async function signInWithGoogle(): Promise<PopupPage> {
  const { callbackUrl, stateCookie } = await throughProvider(await openPopup());
  return callback(callbackUrl, stateCookie);
}

async function credentialFromPopup(): Promise<string> {
  const page = await signInWithGoogle();
  if (page.message.type !== 'OAUTH_TOKEN_SUCCESS') throw new Error(`sign-in failed: ${JSON.stringify(page.message)}`);
  return page.message.token;
}

function expectError(page: PopupPage, code: string, message: string) {
  expect(page.message).toMatchObject({ type: 'OAUTH_ERROR', code, message });
  if (page.message.type === 'OAUTH_ERROR') expect(typeof page.message.details).toBe('string');
  expect(page.targetOrigin).toBe(server.deps.config.publicOrigin);
  expect(page.closed).toBe(true);
}

describe('Google sign-in popup', () => {
  it('sends the popup to Google with a state bound to this browser', async () => {
    const response = await openPopup();
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer.url}/authorize`);
    expect(location.searchParams.get('client_id')).toBe('caravan-test-client');
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('scope')).toBe('profile email');
    expect(location.searchParams.get('redirect_uri')).toBe(`${server.deps.config.publicOrigin}/_api/auth/oauth_callback/google`);

    const state = location.searchParams.get('state')!;
    expect(Buffer.from(state, 'base64url')).toHaveLength(32);
    const cookie = cookieFrom(response, OAUTH_STATE_COOKIE)!;
    expect(cookie.split(';')[0]).toBe(`${OAUTH_STATE_COOKIE}=${state}`);
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).toMatch(/path=\/_api\/auth\/oauth_callback/i);

    const again = new URL((await openPopup()).headers.get('location')!);
    expect(again.searchParams.get('state')).not.toBe(state);
  });

  it('signs a new user in: the page posts a credential to the app origin, which becomes a session', async () => {
    const { callbackUrl, stateCookie } = await throughProvider(await openPopup());
    const page = await callback(callbackUrl, stateCookie);

    expect(page.message.type).toBe('OAUTH_TOKEN_SUCCESS');
    expect(page.targetOrigin).toBe(server.deps.config.publicOrigin);
    expect(page.targetOrigin).toBe(server.url);
    expect(page.closed).toBe(true);
    expect(page.response.headers.get('cache-control')).toBe('no-store');
    expect(page.response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(cookieFrom(page.response, OAUTH_STATE_COOKIE)).toMatch(new RegExp(`^${OAUTH_STATE_COOKIE}=;`));
    const token = page.message.type === 'OAUTH_TOKEN_SUCCESS' ? page.message.token : '';
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const established = await api.post('/auth/establish_session', { tempToken: token });
    expect(established.status).toBe(200);
    expect(established.body.user).toEqual({
      id: expect.any(Number),
      role: 'user',
      displayName: 'Gina Google',
      email: googleProfile.email,
      avatarUrl: googleProfile.picture,
      distanceUnit: null,
    });
    const setCookie = established.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))!;
    expect(setCookie).toMatch(/httponly/i);

    const session = await api.get('/auth/session', { as: setCookie.split(';')[0] });
    expect(session.status).toBe(200);
    expect(session.body.user).toEqual(established.body.user);

    const user = await server.deps.dataSource.getRepository(UserEntity).findOneByOrFail({ id: established.body.user.id });
    expect(user.passwordHash).toBeNull();
  });

  it('accepts a credential only once', async () => {
    const token = await credentialFromPopup();
    expect((await api.post('/auth/establish_session', { tempToken: token })).status).toBe(200);
    const second = await api.post('/auth/establish_session', { tempToken: token });
    expect(second.status).toBe(400);
    expect(second.body.error).toBe(messages.auth.tempTokenInvalid);
  });

  it('lets a credential expire after 5 minutes', async () => {
    const token = await credentialFromPopup();
    const [row] = await server.deps.dataSource.query(
      'SELECT extract(epoch FROM expires_at - now()) * 1000 AS ms_left FROM oauth_credentials WHERE token_hash = $1',
      [hashToken(token)],
    );
    expect(Number(row.ms_left)).toBeGreaterThan(OAUTH_CREDENTIAL_TTL_MS - 10_000);
    expect(Number(row.ms_left)).toBeLessThanOrEqual(OAUTH_CREDENTIAL_TTL_MS);

    await server.deps.dataSource.query(
      `UPDATE oauth_credentials SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashToken(token)],
    );
    const response = await api.post('/auth/establish_session', { tempToken: token });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(messages.auth.tempTokenInvalid);
  });

  it('signs the same Google account into the same user next time', async () => {
    const first = await api.post('/auth/establish_session', { tempToken: await credentialFromPopup() });
    googleProfile = { ...googleProfile, name: 'Renamed At Google' };
    const second = await api.post('/auth/establish_session', { tempToken: await credentialFromPopup() });
    expect(second.body.user.id).toBe(first.body.user.id);
    const links = await server.deps.dataSource.getRepository(OAuthAccountEntity).countBy({ userId: first.body.user.id });
    expect(links).toBe(1);
  });

  it('refuses a callback whose state was tampered with', async () => {
    const { callbackUrl, stateCookie } = await throughProvider(await openPopup());
    callbackUrl.searchParams.set('state', randomBytes(32).toString('base64url'));
    const page = await callback(callbackUrl, stateCookie);
    expectError(page, 'invalid_state', messages.auth.oauthStateInvalid);
    expect(await emailIsKnown(googleProfile.email as string)).toBe(false);
  });

  it('refuses a callback finished in a browser that did not start it', async () => {
    const { callbackUrl } = await throughProvider(await openPopup());
    expectError(await callback(callbackUrl), 'invalid_state', messages.auth.oauthStateInvalid);
  });

  it('refuses a callback without a state', async () => {
    const { callbackUrl, stateCookie } = await throughProvider(await openPopup());
    callbackUrl.searchParams.delete('state');
    expectError(await callback(callbackUrl, stateCookie), 'invalid_state', messages.auth.oauthStateInvalid);
  });

  it('reports that the user declined the consent screen', async () => {
    provider.service.once('beforeAuthorizeRedirect', (redirect) => {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
    });
    const page = await signInWithGoogle();
    expectError(page, 'access_denied', messages.auth.oauthCancelled);
    expect(await emailIsKnown(googleProfile.email as string)).toBe(false);
  });

  it('does not take over a password account with the same e-mail', async () => {
    const owner = await buildUser(server.deps.dataSource, { email: 'Pat.Traveller@Example.com' });
    googleProfile = newGoogleAccount({ email: 'pat.traveller@example.com' });
    const page = await signInWithGoogle();
    expectError(page, 'account_linking_required', messages.auth.accountLinkingRequired);
    expect(await server.deps.dataSource.getRepository(OAuthAccountEntity).countBy({ userId: owner.id })).toBe(0);

    const login = await api.post('/auth/login_with_password', { email: owner.email, password: DEFAULT_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(owner.id);
  });

  it('refuses a linked account that an administrator disabled', async () => {
    const first = await api.post('/auth/establish_session', { tempToken: await credentialFromPopup() });
    await server.deps.dataSource.getRepository(UserEntity).update({ id: first.body.user.id }, { status: 'disabled' });
    expectError(await signInWithGoogle(), 'account_disabled', messages.auth.accountDisabled);
  });

  it('refuses a Google account whose e-mail is not verified', async () => {
    googleProfile = newGoogleAccount({ email_verified: false });
    expectError(await signInWithGoogle(), 'email_not_verified', messages.auth.oauthEmailUnverified);
    expect(await emailIsKnown(googleProfile.email as string)).toBe(false);
  });

  it('reports a failed code exchange with the provider', async () => {
    provider.service.once('beforeResponse', (tokenResponse) => {
      tokenResponse.body = { error: 'invalid_grant', error_description: 'Code expired' };
      tokenResponse.statusCode = 400;
    });
    const page = await signInWithGoogle();
    expectError(page, 'oauth_failed', messages.auth.oauthFailed);
    expect(page.message.type === 'OAUTH_ERROR' && page.message.details).toContain('invalid_grant');
  });

  it('escapes what comes back in the callback URL', async () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const callbackUrl = new URL(`${server.url}/_api/auth/oauth_callback/google`);
    callbackUrl.searchParams.set('error', 'server_error');
    callbackUrl.searchParams.set('error_description', hostile);
    const page = await callback(callbackUrl);
    expectError(page, 'oauth_failed', messages.auth.oauthFailed);
    expect(page.html).not.toContain('alert(1)</script>');
    expect(page.html).not.toContain('<!--');
    expect(page.message.type === 'OAUTH_ERROR' && page.message.details).toContain(hostile);
  });

  it('answers an unknown provider on the popup page', async () => {
    expectError(await readPopupPage(await openPopup('myspace')), 'provider_not_configured', messages.auth.googleNotConfigured);
    const callbackPage = await readPopupPage(await fetch(`${server.url}/_api/auth/oauth_callback/myspace?code=x&state=y`));
    expectError(callbackPage, 'provider_not_configured', messages.auth.googleNotConfigured);
  });
});

describe('Google sign-in with two-factor codes', () => {
  const sessionCookieOf = (response: { headers: Headers }) =>
    response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0];

  it('asks a member who turned codes on for a code after Google, with no session before it', async () => {
    const first = await api.post('/auth/establish_session', { tempToken: await credentialFromPopup() });
    const cookie = sessionCookieOf(first)!;
    const { secret } = (await api.post('/account/two_factor/setup', {}, { as: cookie })).body;
    expect((await api.post('/account/two_factor/enable', { code: await totpCode(secret, -1) }, { as: cookie })).status).toBe(200);

    const second = await api.post('/auth/establish_session', { tempToken: await credentialFromPopup() });
    expect(second.status).toBe(200);
    expect(second.body.user).toBeUndefined();
    expect(second.body.secondFactor.methods).toEqual(['totp']);
    expect(sessionCookieOf(second)).toBeUndefined();

    const finished = await api.post('/auth/login_with_code', { token: second.body.secondFactor.token, code: await totpCode(secret) });
    expect(finished.status).toBe(200);
    expect(finished.body.user.id).toBe(first.body.user.id);
    expect((await api.get('/auth/session', { as: sessionCookieOf(finished)! })).body.user.id).toBe(first.body.user.id);
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET', () => {
  let bare: RunningServer;
  const publicOrigin = 'https://caravan.example';

  beforeAll(async () => {
    bare = await startTestServer({ google: null, publicOrigin });
  });
  afterAll(() => bare?.close());

  it('tells the web app, and the popup says sign-in with Google is not configured', async () => {
    const config = await createApi(bare).get('/auth/config');
    expect(config.body).toEqual({ googleEnabled: false, oidcName: null });

    const page = await readPopupPage(await fetch(`${bare.url}/_api/auth/oauth_authorize?provider=google`, { redirect: 'manual' }));
    expect(page.message).toMatchObject({
      type: 'OAUTH_ERROR',
      code: 'provider_not_configured',
      message: messages.auth.googleNotConfigured,
    });
    // The configured public origin, not whatever host the request came in on.
    expect(page.targetOrigin).toBe(publicOrigin);
  });
});

async function emailIsKnown(email: string): Promise<boolean> {
  return server.deps.dataSource
    .getRepository(UserEntity)
    .createQueryBuilder('user')
    .where('lower(user.email) = lower(:email)', { email })
    .getExists();
}
