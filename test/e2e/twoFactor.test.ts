/**
 * Two-factor codes in Debian's Chromium, at 1366 px and at 390 px: set up from the account page (QR code, the key and
 * link as text), turned on with a code otplib makes from the key the page shows, backup codes shown once; then,
 * signed out, the password leads to the second step, where a wrong code is refused and the next one signs in. The
 * section and the second step are axe clean at both widths. An administrator requires a second factor from the Sign-in
 * tab; past the grace, a member without one is sent to the account page until they set one up.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildUser, DEFAULT_PASSWORD, setSecondFactorRequirement, totpCode } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { useTripPages } from './tripPages.ts';

const t = useTestStack();
// bypassCSP lets the test put axe-core in the page as a script.
const pages = useTripPages(t, { bypassCSP: true });

describe('two-factor codes', () => {
  it.each([1366, 390])('are set up on the account page and asked after the password at %i px', { timeout: 90_000 }, async (width) => {
    const user = await buildUser(t.server.deps.dataSource, { displayName: `Tia Codes ${width}` });
    const page = await pages.signedInPage(user, { viewport: { width, height: 900 } });

    await page.goto(`${t.server.url}/account`);
    const section = page.getByRole('region', { name: 'Two-factor codes' });
    await section.getByRole('button', { name: 'Set up two-factor codes' }).click();
    await section.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await section.getByText(`otpauth://totp/`).waitFor();
    expect(await axeViolations(page, { within: section })).toEqual([]);

    // The step before now: the code the sign-in below makes (now's) is a later one, as codes must be.
    await section.getByLabel('Code from your app').fill(await totpCode(secret, -1));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByRole('status').filter({ hasText: 'Two-factor codes are on.' }).waitFor();
    const backupCodes = await section.getByTestId('backup-codes').getByRole('listitem').allInnerTexts();
    expect(backupCodes).toHaveLength(10);
    await section.getByText('Two-factor codes are on. 10 of your backup codes are left.').waitFor();
    expect(await axeViolations(page, { within: section })).toEqual([]);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    expect(await section.getByTestId('backup-codes').count()).toBe(0);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    const step = page.getByRole('region', { name: 'Two-factor verification' });
    const codeField = step.getByLabel('Code from your app');
    await codeField.waitFor();
    // The password alone opened no session.
    expect((await page.evaluate(() => fetch('/_api/auth/session').then((response) => response.status)))).toBe(401);
    expect(await axeViolations(page)).toEqual([]);

    await codeField.fill('000000');
    await step.getByRole('button', { name: 'Verify' }).click();
    await step.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    await codeField.fill(await totpCode(secret));
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    const session = await page.evaluate(() => fetch('/_api/auth/session').then((response) => response.json()));
    expect(session.user.id).toBe(user.id);
  });
});

describe('requiring a second factor', () => {
  afterAll(() => setSecondFactorRequirement(t.server.deps.dataSource, { required: false }));

  it('is switched on in Admin > Sign-in, and past the grace a member without one can only set one up', { timeout: 90_000 }, async () => {
    const admin = await buildUser(t.server.deps.dataSource, { role: 'admin', displayName: 'Ada Admin' });
    const adminPage = await pages.signedInPage(admin);
    await adminPage.goto(`${t.server.url}/admin`);
    await adminPage.getByRole('tab', { name: 'Sign-in' }).click();
    const panel = adminPage.getByRole('tabpanel');
    await panel.getByText(/A password, Google or single sign-on alone signs members in/).waitFor();
    await panel.getByLabel('Require a second factor for every account (passkey or TOTP)').check();
    await panel.getByLabel('Grace period (days)').fill('7');
    await panel.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Sign-in settings saved.', { exact: true }).waitFor();
    await panel.getByText(/^Required since .*; the grace ends .*\./).waitFor();
    const [stored] = await t.server.deps.dataSource.query(`SELECT require_second_factor, second_factor_grace_days FROM site_settings`);
    expect(stored).toEqual({ require_second_factor: true, second_factor_grace_days: 7 });
    // During the grace the administrator, who has none either, is told by when.
    await adminPage.getByRole('status').filter({ hasText: 'Your administrator requires a second factor for every account.' }).waitFor();
    for (const width of [1366, 390]) {
      await adminPage.setViewportSize({ width, height: 900 });
      expect(await axeViolations(adminPage)).toEqual([]);
    }

    // Eight days later the grace of seven is over.
    await setSecondFactorRequirement(t.server.deps.dataSource, { required: true, graceDays: 7, daysAgo: 8 });
    const member = await buildUser(t.server.deps.dataSource, { displayName: 'Mo Member' });
    const page = await pages.signedInPage(member, { viewport: { width: 390, height: 900 } });
    await page.goto(`${t.server.url}/trips`);
    await page.waitForURL(/\/account$/);
    await page.getByText('Your administrator requires a second factor. Add a passkey or turn on two-factor codes below').waitFor();
    const status = await page.evaluate(() => fetch('/_api/trips').then((response) => response.status));
    expect(status).toBe(403);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page)).toEqual([]);
    }

    const section = page.getByRole('region', { name: 'Two-factor codes' });
    await section.getByText('Your administrator requires a second factor for every account: turn on two-factor codes here').waitFor();
    await section.getByRole('button', { name: 'Set up two-factor codes' }).click();
    const secret = (await section.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    await section.getByLabel('Code from your app').fill(await totpCode(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByTestId('backup-codes').waitFor();
    await page.getByRole('link', { name: 'My Trips' }).click();
    await page.getByRole('heading', { name: 'My Trips' }).waitFor();
    expect(page.url()).toMatch(/\/trips$/);
    expect(await page.getByText('Your administrator requires a second factor').count()).toBe(0);
  });
});
