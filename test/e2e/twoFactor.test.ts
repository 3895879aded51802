/**
 * Two-factor codes in Debian's Chromium, at 1366 px and at 390 px: set up from the account page (QR code, the key and
 * link as text), turned on with a code otplib makes from the key the page shows, backup codes shown once; then,
 * signed out, the password leads to the second step, where a wrong code is refused and the next one signs in. The
 * section and the second step are axe clean at both widths.
 */
import { describe, expect, it } from 'vitest';
import { buildUser, DEFAULT_PASSWORD, totpCode } from '@caravan/server/test';
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
