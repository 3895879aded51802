/**
 * Passkeys in Debian's Chromium with its virtual authenticator (CDP WebAuthn, CTAP2, an internal one with resident
 * keys and user verification): added from the account page, then, signed out, signing in from the login page with
 * no e-mail typed, and removed after a confirmation. The Passkeys section is axe clean at 1366 px and 390 px.
 */
import { describe, expect, it } from 'vitest';
import { buildUser } from '@caravan/server/test';
import { useTestStack } from '../stack.ts';
import { axeViolations } from './a11y.ts';
import { useTripPages } from './tripPages.ts';

const t = useTestStack();
// bypassCSP lets the test put axe-core in the page as a script.
const pages = useTripPages(t, { bypassCSP: true });

describe('passkeys', () => {
  it('adds a passkey on the account page, then signs in with it after signing out', { timeout: 90_000 }, async () => {
    const user = await buildUser(t.server.deps.dataSource, { displayName: 'Pat Key' });
    const page = await pages.signedInPage(user);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });

    await page.goto(`${t.server.url}/account`);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('No passkeys yet.').waitFor();
    await section.getByLabel('Name for a new passkey').fill('Test laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByRole('status').filter({ hasText: 'Passkey "Test laptop" added.' }).waitFor();
    await section.getByText(/Added .* · Never used/).waitFor();
    const rows = await t.server.deps.dataSource.query(`SELECT name FROM passkeys WHERE user_id = $1`, [user.id]);
    expect(rows).toEqual([{ name: 'Test laptop' }]);

    await section.getByRole('button', { name: 'Rename Test laptop' }).click();
    await section.getByLabel('New name for Test laptop').fill('Work laptop');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByRole('status').filter({ hasText: 'Passkey renamed to "Work laptop".' }).waitFor();

    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page, { within: section })).toEqual([]);
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    const session = await page.evaluate(() => fetch('/_api/auth/session').then((response) => response.json()));
    expect(session.user.id).toBe(user.id);
    const [used] = await t.server.deps.dataSource.query(`SELECT last_used_at FROM passkeys WHERE user_id = $1`, [user.id]);
    expect(used.last_used_at).not.toBeNull();

    // Removed after a confirmation, it is gone from the list and from the database.
    await page.goto(`${t.server.url}/account`);
    await section.getByText(/Last used/).waitFor();
    await section.getByRole('button', { name: 'Remove Work laptop' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await section.getByText('No passkeys yet.').waitFor();
    expect(await t.server.deps.dataSource.query(`SELECT id FROM passkeys WHERE user_id = $1`, [user.id])).toEqual([]);
  });
});
