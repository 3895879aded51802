/**
 * Browser tests of account flows in Debian's Chromium: sign-up and My Trips, a wrong password, where
 * sign-in leads (a redirect of this site, never another), an account disabled while its page is open,
 * and Google and single sign-on (OpenID Connect, against a real oidc-provider) through the popup, then a
 * two-factor code when the member turned codes on.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@caravan/server';
import {
  buildUser,
  createApi,
  DEFAULT_PASSWORD,
  listenOidcTestProvider,
  startTestServer,
  totpCode,
  type OidcTestProvider,
} from '@caravan/server/test';
import { screenshot } from './browser.ts';
import { connectBrowser } from './sharedChromium.ts';

let browser: Browser;
let server: RunningServer;
let provider: OAuth2Server;
let idp: OidcTestProvider;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeUserinfo', (response) => {
    response.body = { sub: 'google-e2e', email: 'gina@gmail.example', email_verified: true, name: 'Gina Google' };
  });
  const issuer = provider.issuer.url!;
  idp = await listenOidcTestProvider('Sign in with Authentik');
  server = await startTestServer({
    oidc: idp.config,
    google: {
      clientId: 'caravan-e2e',
      clientSecret: 'caravan-e2e-secret',
      authorizationURL: `${issuer}/authorize`,
      tokenURL: `${issuer}/token`,
      userProfileURL: `${issuer}/userinfo`,
    },
  });
  idp.start(`${server.url}/_api/auth/oauth_callback/oidc`);
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await provider?.stop();
  await idp?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  return context.newPage();
}

/** Waits for a sign-in popup to close itself; it may have closed already (its flow is quick on an idle machine). */
async function closed(popup: Page): Promise<void> {
  if (!popup.isClosed()) await popup.waitForEvent('close');
}

async function logIn(page: Page, email: string, password: string, loginPath = '/login') {
  await page.goto(`${server.url}${loginPath}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

describe('accounts and My Trips in the browser', () => {
  it('registers, creates a trip with a type-ahead address, sees its card and deletes it', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await expect(page.title()).resolves.toBe('Login');
    await page.getByLabel('Email').fill('maya@example.com');
    await page.getByLabel('Password').fill('Roadtrip2026');
    await page.getByLabel('Display name').fill('Maya 🚐');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.waitForURL(`${server.url}/`);

    await page.getByRole('link', { name: 'Plan Your Next Adventure' }).click();
    await page.getByRole('heading', { name: 'My Trips' }).waitFor();
    await page.getByRole('button', { name: 'Create Your First Trip' }).click();
    const dialog = page.getByRole('dialog');
    // The message clears once the title is typed, without another submit.
    await dialog.getByRole('button', { name: 'Create Trip' }).click();
    await dialog.getByRole('alert').getByText('Title is required').waitFor();
    await dialog.getByLabel('Trip Title').fill('Oregon Coast');
    await expect.poll(() => dialog.getByText('Title is required').count()).toBe(0);
    await dialog.getByLabel('Starting Location').fill('Portland');
    await dialog.getByLabel('Starting Address').fill('portl');
    await dialog.getByRole('option', { name: /Portland, OR, United States/ }).click();
    await expect(dialog.getByLabel('Starting Address').inputValue()).resolves.toBe('Portland, OR, United States');
    await dialog.getByRole('button', { name: 'Create Trip' }).click();
    // The new trip opens at once.
    await page.getByRole('heading', { name: 'Oregon Coast', level: 1 }).waitFor();
    await page.waitForURL(/\/trips\/[0-9a-f-]{36}$/);
    await page.getByRole('region', { name: /Notifications/ }).getByText('Trip created').waitFor();
    await page.goBack();

    const card = page.getByRole('article').filter({ hasText: 'Oregon Coast' });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('1 stop');
    await screenshot(page, 'my-trips', { docs: true });

    await card.getByRole('button', { name: 'Delete trip: Oregon Coast' }).click();
    await page.getByRole('alertdialog').getByText('Are you sure you want to delete the trip?', { exact: false }).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Create Your First Trip' }).waitFor();
    await expect(page.getByText('Oregon Coast').count()).resolves.toBe(0);
  });

  it('shows the error above the form for a wrong password', async () => {
    const user = await buildUser(server.deps.dataSource);
    const page = await newPage();
    await logIn(page, user.email, 'not-the-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toBe('Invalid email or password');
    await expect(page.url()).toBe(`${server.url}/login`);
  });

  it('follows a redirect to a page of this site after sign-in', async () => {
    const user = await buildUser(server.deps.dataSource);
    const page = await newPage();
    await logIn(page, user.email, DEFAULT_PASSWORD, `/login?redirect=${encodeURIComponent('/trips')}`);
    await page.waitForURL(`${server.url}/trips`);
    await page.getByRole('heading', { name: 'My Trips' }).waitFor();
  });

  // One browser for the five, signed out (its cookies cleared) between them: a context costs a CPU second to start.
  it('lands on / with the page drawn after sign-in with a redirect to another site or a script', { timeout: 90_000 }, async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const user = await buildUser(server.deps.dataSource);
    for (const redirect of ['/\\evil.test', '/\t/evil.test', '//evil.test', 'https://evil.test/', 'javascript:alert(1)']) {
      await page.context().clearCookies();
      await logIn(page, user.email, DEFAULT_PASSWORD, `/login?redirect=${encodeURIComponent(redirect)}`);
      await page.waitForURL(`${server.url}/`);
      await page.getByRole('link', { name: 'Plan Your Next Adventure' }).waitFor();
      expect(errors, `redirect=${JSON.stringify(redirect)}`).toEqual([]);
    }
  });

  it("sends a disabled user's open page back to /login on its next call", async () => {
    const admin = await buildUser(server.deps.dataSource, { role: 'admin', displayName: 'Ada Admin' });
    const user = await buildUser(server.deps.dataSource, { displayName: 'Soon Disabled' });

    const userPage = await newPage();
    await logIn(userPage, user.email, DEFAULT_PASSWORD);
    await userPage.waitForURL(`${server.url}/`);
    await userPage.goto(`${server.url}/trips`);
    await userPage.getByRole('heading', { name: 'My Trips' }).waitFor();

    const adminPage = await newPage();
    await logIn(adminPage, admin.email, DEFAULT_PASSWORD);
    await adminPage.waitForURL(`${server.url}/`);
    await adminPage.goto(`${server.url}/admin`);
    await adminPage.getByRole('heading', { name: 'Admin Tools' }).waitFor();
    const row = adminPage.getByRole('row').filter({ hasText: 'Soon Disabled' });
    await row.getByRole('button', { name: /Disable/ }).click();
    await adminPage.getByRole('region', { name: /Notifications/ }).getByText('User status updated successfully.').waitFor();
    await row.getByText('disabled', { exact: true }).waitFor();

    // The user's next call is refused, and the page goes back to /login.
    await userPage.getByRole('button', { name: 'Create Your First Trip' }).click();
    await userPage.getByRole('dialog').getByLabel('Starting Address').fill('Seattle');
    await userPage.waitForURL(/\/login/);
    await userPage.getByRole('tab', { name: 'Log In' }).waitFor();
  });

  it('signs in with Google through the popup', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/login`);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('tabpanel').getByRole('button', { name: 'Continue with Google' }).click(),
    ]);
    await closed(popup);
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/trips`);
    await page.getByText('Gina Google').waitFor();
  });

  it('asks for a two-factor code after single sign-on when the member turned codes on', async () => {
    const identity = { sub: 'sso-e2e-codes', email: 'tomas@sso.example', email_verified: true, name: 'Tomas Codes' };
    const signInWithSso = async (page: Page) => {
      idp.signInNext(identity);
      await page.goto(`${server.url}/login`);
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        page.getByRole('tabpanel').getByRole('button', { name: 'Sign in with Authentik' }).click(),
      ]);
      await closed(popup);
    };
    const first = await newPage();
    await signInWithSso(first);
    await first.waitForURL(`${server.url}/`);
    const [user] = await server.deps.dataSource.query(`SELECT id, email FROM users WHERE email = $1`, [identity.email]);
    const api = createApi(server);
    const { secret } = (await api.post('/account/two_factor/setup', {}, { as: user })).body;
    expect((await api.post('/account/two_factor/enable', { code: await totpCode(secret, -1) }, { as: user })).status).toBe(200);

    const page = await newPage();
    await signInWithSso(page);
    const step = page.getByRole('region', { name: 'Two-factor verification' });
    await step.getByLabel('Code from your app').fill(await totpCode(secret));
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/trips`);
    await page.getByText('Tomas Codes').waitFor();
  });

  it('signs in with single sign-on through the popup at 1366 px, and fits the button in 390 px', async () => {
    idp.signInNext({ sub: 'sso-e2e', email: 'olga@sso.example', email_verified: true, name: 'Olga Oidc' });
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('tabpanel').getByRole('button', { name: 'Sign in with Authentik' }).click(),
    ]);
    await closed(popup);
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/trips`);
    await page.getByText('Olga Oidc').waitFor();
    await context.close();

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await small.goto(`${server.url}/login`);
    const box = (await small.getByRole('tabpanel').getByRole('button', { name: 'Sign in with Authentik' }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();
  });
});
