/**
 * OpenID Connect sign-in end to end against a real `oidc-provider`: the popup's redirects through our
 * authorize endpoint, the provider's authorization and interaction, and back to our callback are followed with
 * a cookie-keeping client, like a browser; the callback page's script is run to see what it posts.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@caravan/shared';
import { OAuthAccountEntity, UserEntity } from '@caravan/engine';
import { OIDC_FLOW_COOKIE } from '../../auth/oidcFlowCookie.ts';
import { PENDING_LINK_COOKIE } from '../../auth/pendingLinkCookie.ts';
import type { RunningServer } from '../../server.ts';
import { createApi } from '../../test/apiClient.ts';
import { cookieJar, type CookieJar } from '../../test/cookieJar.ts';
import { buildUser, DEFAULT_PASSWORD } from '../../test/factories.ts';
import { edgeText } from '../../test/fuzzValues.ts';
import { readPopupPage, type PopupPage } from '../../test/oauthPopupPage.ts';
import { listenOidcTestProvider, type OidcTestAccount, type OidcTestProvider } from '../../test/oidcTestProvider.ts';
import { startTestServer } from '../../test/testServer.ts';
import { totpCode } from '../../test/totpCodes.ts';

let idp: OidcTestProvider;
let server: RunningServer;
let api: ReturnType<typeof createApi>;
let callbackPrefix: string;

beforeAll(async () => {
  idp = await listenOidcTestProvider('Sign in with Authentik');
  server = await startTestServer({ oidc: idp.config });
  callbackPrefix = `${server.url}/_api/auth/oauth_callback/oidc`;
  idp.start(callbackPrefix);
  api = createApi(server);
});

afterAll(async () => {
  await server?.close();
  await idp?.close();
});

function newAccount(overrides: Partial<OidcTestAccount> = {}): OidcTestAccount {
  const id = randomBytes(6).toString('hex');
  return { sub: `idp-${id}`, email: `olga-${id}@sso.example`, email_verified: true, name: 'Olga Oidc', ...overrides };
}

/** Opens the popup in a fresh browser and follows it through the provider up to (not into) our callback. */
async function throughProvider(account: OidcTestAccount, jar: CookieJar = cookieJar(), rewrite?: (authorize: URL) => void) {
  idp.signInNext(account);
  const authorize = await jar.fetch(`${server.url}/_api/auth/oauth_authorize?provider=oidc`);
  expect(authorize.status).toBe(302);
  let location = new URL(authorize.headers.get('location')!);
  rewrite?.(location);
  for (let hops = 0; !location.href.startsWith(callbackPrefix); hops += 1) {
    if (hops > 10) throw new Error('too many redirects');
    const response = await jar.fetch(location);
    expect([302, 303]).toContain(response.status);
    location = new URL(response.headers.get('location')!, location);
  }
  return { jar, callbackUrl: location };
}

async function callback(jar: CookieJar, callbackUrl: URL): Promise<PopupPage> {
  return readPopupPage(await jar.fetch(callbackUrl));
}

async function signIn(account: OidcTestAccount, jar?: CookieJar): Promise<PopupPage> {
  const flow = await throughProvider(account, jar);
  return callback(flow.jar, flow.callbackUrl);
}

async function sessionUser(page: PopupPage) {
  if (page.message.type !== 'OAUTH_TOKEN_SUCCESS') throw new Error(`sign-in failed: ${JSON.stringify(page.message)}`);
  const established = await api.post('/auth/establish_session', { tempToken: page.message.token });
  expect(established.status).toBe(200);
  return established.body.user;
}

function expectError(page: PopupPage, code: string, message: string) {
  expect(page.message).toMatchObject({ type: 'OAUTH_ERROR', code, message });
  expect(page.targetOrigin).toBe(server.deps.config.publicOrigin);
  expect(page.closed).toBe(true);
}

async function emailIsKnown(email: string): Promise<boolean> {
  return server.deps.dataSource.getRepository(UserEntity).createQueryBuilder('user').where('lower(user.email) = lower(:email)', { email }).getExists();
}

describe('OpenID Connect sign-in', () => {
  it('tells the web app the button label', async () => {
    expect((await api.get('/auth/config')).body).toEqual({ googleEnabled: false, oidcName: 'Sign in with Authentik' });
  });

  it('sends the popup to the discovered provider with PKCE, a state and a nonce', async () => {
    const response = await fetch(`${server.url}/_api/auth/oauth_authorize?provider=oidc`, { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: idp.config.clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: callbackPrefix,
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(location.searchParams.get(name)).toMatch(/^[\w-]{40,}$/);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${OIDC_FLOW_COOKIE}=`))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
  });

  it('creates an account from a verified e-mail, and signs the same identity into it again', async () => {
    const account = newAccount();
    const page = await signIn(account);
    expect(page.targetOrigin).toBe(server.url);
    const user = await sessionUser(page);
    expect(user).toMatchObject({ role: 'user', displayName: 'Olga Oidc', email: account.email });

    const again = await sessionUser(await signIn({ ...account, name: 'Renamed At The IdP' }));
    expect(again.id).toBe(user.id);
    const links = await server.deps.dataSource.getRepository(OAuthAccountEntity).findBy({ userId: user.id });
    expect(links.map((link) => link.provider)).toEqual([`oidc:${idp.issuer}`]);
  });

  it('refuses a callback whose state was tampered with', async () => {
    const account = newAccount();
    const { jar, callbackUrl } = await throughProvider(account);
    callbackUrl.searchParams.set('state', randomBytes(32).toString('base64url'));
    expectError(await callback(jar, callbackUrl), 'invalid_state', messages.auth.oauthStateInvalid);
    expect(await emailIsKnown(account.email)).toBe(false);
  });

  it('refuses a callback finished in a browser that did not start it', async () => {
    const account = newAccount();
    const { callbackUrl } = await throughProvider(account);
    expectError(await callback(cookieJar(), callbackUrl), 'invalid_state', messages.auth.oauthStateInvalid);
    expect(await emailIsKnown(account.email)).toBe(false);
  });

  it('refuses an ID token issued for another nonce', async () => {
    const account = newAccount();
    const { jar, callbackUrl } = await throughProvider(account, cookieJar(), (authorize) =>
      authorize.searchParams.set('nonce', randomBytes(32).toString('base64url')),
    );
    const page = await callback(jar, callbackUrl);
    expectError(page, 'oauth_failed', messages.auth.oauthFailed);
    expect(page.message.type === 'OAUTH_ERROR' && page.message.details).toMatch(/nonce/i);
    expect(await emailIsKnown(account.email)).toBe(false);
  });

  it('refuses a replayed authorization code', async () => {
    const account = newAccount();
    const { jar, callbackUrl } = await throughProvider(account);
    const flowCookie = jar.get(server.url, OIDC_FLOW_COOKIE)!;
    await sessionUser(await callback(jar, callbackUrl));

    // The same browser state and the same code once more, as an attacker who saw the URL would send them.
    jar.set(server.url, OIDC_FLOW_COOKIE, flowCookie);
    const replay = await callback(jar, callbackUrl);
    expectError(replay, 'oauth_failed', messages.auth.oauthFailed);
    expect(replay.message.type === 'OAUTH_ERROR' && replay.message.details).toMatch(/invalid_grant/);
  });

  it('refuses an identity whose e-mail the provider has not verified', async () => {
    const account = newAccount({ email_verified: false });
    expectError(await signIn(account), 'email_not_verified', messages.auth.oidcEmailUnverified);
    expect(await emailIsKnown(account.email)).toBe(false);
  });

  it('refuses an identity linked to an account an administrator disabled', async () => {
    const account = newAccount();
    const user = await sessionUser(await signIn(account));
    await server.deps.dataSource.getRepository(UserEntity).update({ id: user.id }, { status: 'disabled' });
    expectError(await signIn(account), 'account_disabled', messages.auth.accountDisabled);
  });
});

describe('the OpenID Connect callback under random input', () => {
  it('answers every query and flow cookie with the popup page, never 5xx, and makes no account', async () => {
    const usersBefore = await server.deps.dataSource.getRepository(UserEntity).count();
    // Short enough to stay under node's 16 KB of headers, which answers 431 before any code of ours runs.
    const text = edgeText.map((value) => value.slice(0, 300));
    const flowCookie = fc.oneof(
      fc.constant(undefined),
      text.map((value) => Buffer.from(value).toString('base64url')),
      fc.record({ state: text, nonce: text, codeVerifier: text }).map((flow) => Buffer.from(JSON.stringify(flow)).toString('base64url')),
    );
    const query = fc.dictionary(fc.constantFrom('state', 'code', 'error', 'iss', 'session_state', 'x'), text, { maxKeys: 5 });
    await fc.assert(
      fc.asyncProperty(query, flowCookie, async (params, cookie) => {
        const url = new URL(callbackPrefix);
        for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
        const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie: `${OIDC_FLOW_COOKIE}=${cookie}` } : {} });
        const page = await readPopupPage(response);
        expect(page.message.type).toBe('OAUTH_ERROR');
      }),
      { numRuns: 60 },
    );
    expect(await server.deps.dataSource.getRepository(UserEntity).count()).toBe(usersBefore);
  });
});

describe('linking an existing account by its e-mail', () => {
  const links = () => server.deps.dataSource.getRepository(OAuthAccountEntity);

  it('links only after the member logs in with the password, in the same browser', async () => {
    const owner = await buildUser(server.deps.dataSource, { email: `Pat.${randomBytes(4).toString('hex')}@Example.com` });
    const account = newAccount({ email: owner.email.toLowerCase() });
    const jar = cookieJar();
    expectError(await signIn(account, jar), 'account_linking_required', messages.auth.oidcLinkWithPassword);
    expect(await links().countBy({ userId: owner.id })).toBe(0);

    const login = await jar.fetch(`${server.url}/_api/auth/login_with_password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: DEFAULT_PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(await links().countBy({ userId: owner.id })).toBe(1);
    expect(jar.get(server.url, PENDING_LINK_COOKIE)).toBeUndefined();

    expect((await sessionUser(await signIn(account))).id).toBe(owner.id);
  });

  it('does not link when another account logs in, or without the pending link', async () => {
    const owner = await buildUser(server.deps.dataSource, { email: `sam.${randomBytes(4).toString('hex')}@example.com` });
    const other = await buildUser(server.deps.dataSource);
    const account = newAccount({ email: owner.email });
    const jar = cookieJar();
    expectError(await signIn(account, jar), 'account_linking_required', messages.auth.oidcLinkWithPassword);

    const logIn = (as: CookieJar, email: string) =>
      as.fetch(`${server.url}/_api/auth/login_with_password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEFAULT_PASSWORD }),
      });
    // Someone else logging in in that browser does not get the identity.
    const pending = jar.get(server.url, PENDING_LINK_COOKIE)!;
    expect((await logIn(jar, other.email)).status).toBe(200);
    // The owner in another browser, or with a forged cookie, gives no consent to a link they were never offered.
    expect((await logIn(cookieJar(), owner.email)).status).toBe(200);
    const forged = cookieJar();
    const [payload] = pending.split('.');
    forged.set(server.url, PENDING_LINK_COOKIE, `${payload}.${randomBytes(32).toString('base64url')}`);
    expect((await logIn(forged, owner.email)).status).toBe(200);

    expect(await links().countBy({ userId: owner.id })).toBe(0);
    expect(await links().countBy({ userId: other.id })).toBe(0);
    expectError(await signIn(account), 'account_linking_required', messages.auth.oidcLinkWithPassword);
  });
});

describe('single sign-on and two-factor codes', () => {
  const links = () => server.deps.dataSource.getRepository(OAuthAccountEntity);
  const logIn = (jar: CookieJar, email: string) =>
    jar.fetch(`${server.url}/_api/auth/login_with_password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEFAULT_PASSWORD }),
    });
  const withCode = (jar: CookieJar, token: string, code: string) =>
    jar.fetch(`${server.url}/_api/auth/login_with_code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, code }),
    });

  it('links an identity the password consented to only once the code passes, then asks single sign-on for a code too', async () => {
    const owner = await buildUser(server.deps.dataSource, { email: `tess.${randomBytes(4).toString('hex')}@example.com` });
    const { secret } = (await api.post('/account/two_factor/setup', {}, { as: owner })).body;
    expect((await api.post('/account/two_factor/enable', { code: await totpCode(secret, -1) }, { as: owner })).status).toBe(200);
    const account = newAccount({ email: owner.email });
    const jar = cookieJar();
    expectError(await signIn(account, jar), 'account_linking_required', messages.auth.oidcLinkWithPassword);

    const password = await logIn(jar, owner.email);
    const { secondFactor } = (await password.json()) as { secondFactor: { token: string; methods: string[] } };
    expect(secondFactor.methods).toEqual(['totp']);
    // The password alone links nothing: whoever knows it may not have the member's second factor.
    expect(await links().countBy({ userId: owner.id })).toBe(0);
    expect((await withCode(jar, secondFactor.token, 'wrong')).status).toBe(401);
    expect(await links().countBy({ userId: owner.id })).toBe(0);
    expect((await withCode(jar, secondFactor.token, await totpCode(secret))).status).toBe(200);
    expect(await links().countBy({ userId: owner.id })).toBe(1);

    const page = await signIn(account);
    if (page.message.type !== 'OAUTH_TOKEN_SUCCESS') throw new Error(`sign-in failed: ${JSON.stringify(page.message)}`);
    const established = await api.post('/auth/establish_session', { tempToken: page.message.token });
    expect(established.body.user).toBeUndefined();
    expect(established.body.secondFactor.methods).toEqual(['totp']);
    const finished = await api.post('/auth/login_with_code', { token: established.body.secondFactor.token, code: await totpCode(secret, 1) });
    expect(finished.status).toBe(200);
    expect(finished.body.user.id).toBe(owner.id);
  });
});

describe('OpenID Connect sign-in without OIDC_ISSUER', () => {
  it('answers the popup that single sign-on is not configured', async () => {
    const bare = await startTestServer({ oidc: null });
    try {
      const page = await readPopupPage(await fetch(`${bare.url}/_api/auth/oauth_authorize?provider=oidc`, { redirect: 'manual' }));
      expect(page.message).toMatchObject({ type: 'OAUTH_ERROR', code: 'provider_not_configured', message: messages.auth.oidcNotConfigured });
      expect((await createApi(bare).get('/auth/config')).body.oidcName).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
