/**
 * One's own account in Debian's Chromium: the account page changes the display name (the top bar follows)
 * and the password (another browser of the same account is signed out); "Forgot password?" on the login
 * page e-mails a link (through nodemailer to a local SMTP server) that sets a new password once; the app
 * installs: its manifest parses, its icons load, and Chromium reports no installability error. Each screen
 * at 1366 px and 390 px, light and dark, axe clean.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@caravan/engine';
import { buildUser, createSmtpMailbox, DEFAULT_PASSWORD } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { screenshot } from './browser.ts';
import { checkScreen, SIZES } from './screenChecks.ts';
import { useTripPages } from './tripPages.ts';

const mailbox = createSmtpMailbox();
const overrides: Partial<Config> = {};
beforeAll(async () => {
  overrides.smtpUrl = await mailbox.start();
});
afterAll(() => mailbox.close());
const t = useTestStack(overrides);
// bypassCSP lets the test put axe-core in the page as a script.
const pages = useTripPages(t, { bypassCSP: true });

/** A field by the start of its label (the label also holds the field's hint). */
const field = (page: Page, name: string) => page.getByLabel(name);

describe('the account page', () => {
  it('changes the display name and the password by keyboard; the other browser of the account is signed out', async () => {
    const user = await buildUser(t.server.deps.dataSource, { displayName: 'Ana Road' });
    const page = await pages.signedInPage(user);
    const elsewhere = await pages.signedInPage(user);
    await page.goto(`${t.server.url}/trips`);
    await page.getByRole('link', { name: 'Ana Road' }).click();
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await checkScreen(page, 'account', { docs: true });

    await field(page, 'Display name').fill('Ana 🚐 Rivera');
    await field(page, 'Display name').press('Enter');
    await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor();
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Ana 🚐 Rivera' }).count()).toBe(1);

    await field(page, 'Current password').fill('Not-my-password-1');
    await field(page, 'New password').fill('Fresh-Password-42');
    await field(page, 'New password').press('Enter');
    await page.getByRole('alert').filter({ hasText: 'The current password is not correct.' }).waitFor();

    await field(page, 'New password').fill('short');
    await field(page, 'Current password').fill(DEFAULT_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters' }).waitFor();

    await field(page, 'New password').fill('Fresh-Password-42');
    await page.getByRole('button', { name: 'Change password' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Every other device was signed out.' }).waitFor();
    await expect(field(page, 'Current password').inputValue()).resolves.toBe('');

    // The other browser's session ended: its next page load goes to /login.
    await elsewhere.goto(`${t.server.url}/account`);
    await elsewhere.waitForURL(/\/login/);
    await page.reload();
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    const login = await t.api.post('/auth/login_with_password', { email: user.email, password: 'Fresh-Password-42' });
    expect(login.status).toBe(200);
  });
});

describe('Forgot password', () => {
  it('e-mails a link from the login page that sets a new password once and signs every device out', async () => {
    const user = await buildUser(t.server.deps.dataSource, { email: 'forgetful.traveller@example.com' });
    const signedIn = await pages.signedInPage(user);
    const page = await (await pages.newContext()).newPage();
    await page.goto(`${t.server.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await checkScreen(page, 'forgot-password', { docs: true });

    const since = mailbox.received.length;
    await field(page, 'Email').fill(user.email);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'If an account uses that e-mail address' }).waitFor();
    await checkScreen(page, 'forgot-password-sent');
    await expect.poll(() => mailbox.received.slice(since).find((mail) => mail.to.includes(user.email)), { timeout: 5000 }).toBeDefined();
    const mail = mailbox.received.slice(since).find((received) => received.to.includes(user.email))!;
    const link = /(http\S+\/reset-password#token=[A-Za-z0-9_-]+)/.exec(mail.parts['text/plain'])![1];

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // The token left the address bar once read.
    expect(new URL(page.url()).hash).toBe('');
    await checkScreen(page, 'reset-password', { docs: true });
    await field(page, 'New password').fill('After-The-Link-7');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Log in with your new password.' }).waitFor();

    await signedIn.goto(`${t.server.url}/trips`);
    await signedIn.waitForURL(/\/login/);

    // The same link a second time (opened from the e-mail again, in a new tab) says it is used up.
    const again = await (await pages.newContext()).newPage();
    await again.goto(link);
    await field(again, 'New password').fill('Second-Try-000');
    await again.keyboard.press('Enter');
    await again.getByRole('alert').filter({ hasText: 'This link is invalid, has expired or was already used.' }).waitFor();

    await page.goto(`${t.server.url}/login`);
    await field(page, 'Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('After-The-Link-7');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${t.server.url}/`);
  });
});

describe('installing the app', () => {
  it('serves a manifest Chromium can install from, with icons that load at their sizes', async () => {
    const page = await (await pages.newContext({ viewport: SIZES.phone, isMobile: true, hasTouch: true })).newPage();
    await page.goto(t.server.url);
    await page.getByRole('heading', { level: 1 }).waitFor();

    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestUrl).toBe('/manifest.webmanifest');
    const served = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { type: response.headers.get('content-type'), body: await response.text() };
    }, manifestUrl!);
    expect(served.type).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(served.body);
    expect(manifest).toMatchObject({ name: expect.stringContaining('Caravan'), short_name: 'Caravan', start_url: '/trips', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);

    const pngs = manifest.icons.filter((icon: { type: string }) => icon.type === 'image/png');
    expect(pngs.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable',
    ]);
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const loaded = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, icon.src);
      if (icon.sizes !== 'any') expect(loaded, icon.src).toBe(icon.sizes);
    }

    const cdp = await page.context().newCDPSession(page);
    const { errors, data } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    expect(JSON.parse(data!).short_name).toBe('Caravan');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // A test's browser context is an incognito one, where Chromium installs nothing whatever the site serves.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);

    // What a phone's home screen shows once installed: the maskable icon in a circle, with the short name.
    await page.setContent(`<!doctype html><html lang="en"><head><title>Home screen</title><style>
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: sans-serif;
             background: linear-gradient(160deg, #24323d, #0f1418); color: #fff; }
      figure { margin: 0; display: grid; justify-items: center; gap: 8px; }
      img { width: 96px; height: 96px; border-radius: 50%; box-shadow: 0 6px 18px rgb(0 0 0 / 0.4); }
    </style></head><body><main><figure><img src="${t.server.url}${manifest.icons.find((icon: { purpose: string }) => icon.purpose === 'maskable').src}" alt="">
      <figcaption>${manifest.short_name}</figcaption></figure></main></body></html>`);
    await page.locator('img').evaluate((image: HTMLImageElement) => image.decode());
    await screenshot(page, 'phone/installed-icon', { docs: true });
  });
});
