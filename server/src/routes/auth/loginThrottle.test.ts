import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LOGIN_FAILURES_PER_DEVICE,
  LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_FREE_FAILURES_PER_ACCOUNT_FROM_NEW_DEVICES,
  LOGIN_FREE_FAILURES_PER_ADDRESS,
  messages,
} from '@caravan/shared';
import { DEVICE_COOKIE } from '../../auth/deviceCookie.ts';
import { createApi, type ApiResponse } from '../../test/apiClient.ts';
import { createTestDatabase } from '@caravan/engine/test';
import { startTestServer } from '../../test/testServer.ts';
import { useTestServer } from '../../test/useTestServer.ts';
import { buildUser, DEFAULT_PASSWORD } from '../../test/factories.ts';

// Behind a proxy the client address is the X-Forwarded-For entry the proxy appended: tests choose it.
const t = useTestServer({ trustProxy: true });

/** A sign-in from `from`, as a browser holding `device` (a Cookie header value) or as a new one. */
function login(
  email: string,
  password: string,
  from: string,
  options: { device?: string; forwardedFor?: string; api?: ReturnType<typeof createApi> } = {},
) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.forwardedFor ?? from };
  if (options.device) headers.cookie = options.device;
  return (options.api ?? t.api).post('/auth/login_with_password', { email, password }, { headers });
}

/** The device cookie a successful sign-in gave the browser, as a Cookie header value. */
function deviceCookieOf(response: ApiResponse): string {
  expect(response.status).toBe(200);
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
  if (!header) throw new Error('no device cookie set');
  return header.split(';')[0];
}

function retryAfter(response: { headers: Headers }): number {
  return Number(response.headers.get('retry-after'));
}

function expectTooMany(response: ApiResponse) {
  expect(response.status).toBe(429);
  expect(response.body.error).toBe(messages.auth.tooManyAttempts(retryAfter(response)));
}

/** Lets time pass for the throttle: every recorded failure moves that far into the past. */
async function elapse(seconds: number) {
  await t.server.deps.dataSource.query(`UPDATE login_failures SET failed_at = failed_at - make_interval(secs => $1)`, [
    seconds,
  ]);
}

let addressCount = 0;
/** An address no test has used yet. */
function freshAddress(): string {
  addressCount += 1;
  return `10.${addressCount >> 16}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
}

/** An account whose owner signed in once from a browser at home: that browser's device cookie. */
async function ownerWithBrowser() {
  const owner = await buildUser(t.server.deps.dataSource);
  const browser = deviceCookieOf(await login(owner.email, DEFAULT_PASSWORD, freshAddress()));
  return { owner, browser };
}

describe('login throttle', () => {
  it('gives a browser that signed in a long-lived device cookie only the password sign-in reads', async () => {
    const owner = await buildUser(t.server.deps.dataSource);
    const response = await login(owner.email, DEFAULT_PASSWORD, freshAddress());
    const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
    expect(header).toMatch(/; path=\/_api\/auth\/login_with_password;/);
    expect(header).toMatch(/; samesite=strict/);
    expect(header).toMatch(/; httponly/);
    const expires = new Date(/expires=([^;]+)/.exec(header ?? '')?.[1] ?? 0).getTime();
    expect(expires - Date.now()).toBeGreaterThan(300 * 24 * 60 * 60 * 1000);
  });

  it("slows one address with growing waits while the owner's browser signs in from another at once", async () => {
    const { owner, browser } = await ownerWithBrowser();
    const attacker = freshAddress();
    for (let attempt = 0; attempt < LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      expect((await login(owner.email, 'wrong-password', attacker)).status).toBe(401);
    }
    const waits: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      const refused = await login(owner.email, 'wrong-password', attacker);
      expectTooMany(refused);
      waits.push(retryAfter(refused));
      // Neither the wait nor a second try shortens it, and the owner's browser elsewhere is not held up.
      expect(retryAfter(await login(owner.email, 'wrong-password', attacker))).toBe(retryAfter(refused));
      expect((await login(owner.email, DEFAULT_PASSWORD, freshAddress(), { device: browser })).status).toBe(200);
      await elapse(retryAfter(refused));
      expect((await login(owner.email, 'wrong-password', attacker)).status).toBe(401);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64]);
  });

  it('checks no password while an address waits, and lets the right one in after the wait', async () => {
    const owner = await buildUser(t.server.deps.dataSource);
    const home = freshAddress();
    for (let attempt = 0; attempt < LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      await login(owner.email, 'wrong-password', home);
    }
    expectTooMany(await login(owner.email, DEFAULT_PASSWORD, home));
    await elapse(2);
    expect((await login(owner.email, DEFAULT_PASSWORD, home)).status).toBe(200);
    // Signing in forgave this address its typos: the next slip is free again.
    expect((await login(owner.email, 'wrong-password', home)).status).toBe(401);
    expect((await login(owner.email, DEFAULT_PASSWORD, home)).status).toBe(200);
  });

  it("lets the owner's browser in at once after a 90-failure attack from 70 addresses, delays new browsers, and keeps the attacker under 100 checked passwords an hour", async () => {
    const { owner, browser } = await ownerWithBrowser();
    let checked = 0;
    const guess = async (address: string) => {
      const response = await login(owner.email, 'wrong-password', address);
      if (response.status === 401) checked += 1;
      else expectTooMany(response);
      return response;
    };
    // 5 wrong passwords from each of 6 addresses, then 1 from each of 64 more.
    const attackers = Array.from({ length: 70 }, freshAddress);
    for (const [index, address] of attackers.entries()) {
      for (let attempt = 0; attempt < (index < 6 ? 5 : 1); attempt += 1) await guess(address);
    }
    // Real time passes as well: on a loaded machine a password check can outlast the first waits (2 s, 4 s).
    expect(checked).toBeGreaterThanOrEqual(LOGIN_FREE_FAILURES_PER_ACCOUNT_FROM_NEW_DEVICES);
    expect(checked).toBeLessThanOrEqual(LOGIN_FREE_FAILURES_PER_ACCOUNT_FROM_NEW_DEVICES + 2);

    // The owner's browser is not held up, from home or from an address the attacker used.
    expect((await login(owner.email, DEFAULT_PASSWORD, freshAddress(), { device: browser })).status).toBe(200);
    expect((await login(owner.email, DEFAULT_PASSWORD, attackers[0], { device: browser })).status).toBe(200);
    // The attacker keeps going from new addresses, waiting exactly as long as told.
    let secondsSpent = 0;
    const guessOnce = async () => {
      const response = await guess(freshAddress());
      if (response.status === 429) {
        secondsSpent += retryAfter(response);
        await elapse(retryAfter(response));
      }
      return response;
    };
    // A browser that never signed in waits with the attacker, right password or not. It asks right after a
    // checked guess: the real seconds the owner's sign-ins above took may have outlasted the account's last wait.
    while ((await guessOnce()).status !== 401);
    const newBrowser = await login(owner.email, DEFAULT_PASSWORD, freshAddress());
    expectTooMany(newBrowser);
    expect(retryAfter(newBrowser)).toBeGreaterThan(0);

    // And so for the rest of the hour.
    while (secondsSpent < 60 * 60) await guessOnce();
    expect(checked).toBeLessThan(100);
    expect(checked).toBeLessThanOrEqual(25);
    expect((await login(owner.email, DEFAULT_PASSWORD, freshAddress(), { device: browser })).status).toBe(200);
  });

  it("locks a known browser out after its own failures, and nobody else", async () => {
    const { owner, browser } = await ownerWithBrowser();
    const otherBrowser = deviceCookieOf(await login(owner.email, DEFAULT_PASSWORD, freshAddress()));
    const address = freshAddress();
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_DEVICE; attempt += 1) {
      expect((await login(owner.email, 'wrong-password', address, { device: browser })).status).toBe(401);
    }
    const locked = await login(owner.email, DEFAULT_PASSWORD, address, { device: browser });
    expectTooMany(locked);
    expect(retryAfter(locked)).toBeGreaterThan(59 * 60);
    expect((await login(owner.email, DEFAULT_PASSWORD, address, { device: otherBrowser })).status).toBe(200);
    // Its failures were its own: the account's new devices have none.
    expect((await login(owner.email, DEFAULT_PASSWORD, address)).status).toBe(200);
    await elapse(retryAfter(locked));
    expect((await login(owner.email, DEFAULT_PASSWORD, address, { device: browser })).status).toBe(200);
  });

  it('trusts a device cookie only for the account it was issued for, and a tampered one for none', async () => {
    const { owner } = await ownerWithBrowser();
    const attacker = await buildUser(t.server.deps.dataSource);
    const attackersOwn = deviceCookieOf(await login(attacker.email, DEFAULT_PASSWORD, freshAddress()));
    const [nonce, signature] = attackersOwn.slice(DEVICE_COOKIE.length + 1).split('.');
    const tampered = `${DEVICE_COOKIE}=${nonce}x.${signature}`;
    let checked = 0;
    for (const device of [attackersOwn, tampered]) {
      for (let attempt = 0; attempt < LOGIN_FREE_FAILURES_PER_ACCOUNT_FROM_NEW_DEVICES; attempt += 1) {
        const response = await login(owner.email, 'wrong-password', freshAddress(), { device });
        if (response.status === 401) checked += 1;
      }
    }
    expect(checked).toBe(LOGIN_FREE_FAILURES_PER_ACCOUNT_FROM_NEW_DEVICES);
    expectTooMany(await login(owner.email, DEFAULT_PASSWORD, freshAddress(), { device: attackersOwn }));
  });

  it('still knows the browser after a restart: the signing secret is kept in the data folder, mode 0600', async () => {
    const databaseUrl = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-test-data-'));
    const options = { databaseUrl, dataDir, trustProxy: true };
    const before = await startTestServer(options);
    const owner = await buildUser(before.deps.dataSource);
    const browser = deviceCookieOf(await login(owner.email, DEFAULT_PASSWORD, freshAddress(), { api: createApi(before) }));
    await before.close();
    expect(fs.statSync(path.join(dataDir, 'device-cookie-secret')).mode & 0o777).toBe(0o600);

    const after = await startTestServer(options);
    try {
      const api = createApi(after);
      for (let attempt = 0; attempt < LOGIN_FREE_FAILURES_PER_ACCOUNT_FROM_NEW_DEVICES; attempt += 1) {
        expect((await login(owner.email, 'wrong-password', freshAddress(), { api })).status).toBe(401);
      }
      expectTooMany(await login(owner.email, DEFAULT_PASSWORD, freshAddress(), { api }));
      expect((await login(owner.email, DEFAULT_PASSWORD, freshAddress(), { api, device: browser })).status).toBe(200);
    } finally {
      await after.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('slows one address spraying many accounts, and nobody else', async () => {
    const sprayer = freshAddress();
    for (let account = 0; account < LOGIN_FREE_FAILURES_PER_ADDRESS; account += 1) {
      expect((await login(`victim-${account}@example.com`, 'wrong-password', sprayer)).status).toBe(401);
    }
    const { owner, browser } = await ownerWithBrowser();
    expectTooMany(await login(owner.email, DEFAULT_PASSWORD, sprayer));
    expect((await login(owner.email, DEFAULT_PASSWORD, sprayer, { device: browser })).status).toBe(200);
    expect((await login(owner.email, DEFAULT_PASSWORD, freshAddress())).status).toBe(200);
    await elapse(2);
    expect((await login('victim-next@example.com', 'wrong-password', sprayer)).status).toBe(401);
    expect(retryAfter(await login('victim-next@example.com', 'wrong-password', sprayer))).toBe(4);
  });

  it('counts the address the proxy saw, not one the client put before it', async () => {
    const owner = await buildUser(t.server.deps.dataSource);
    const attacker = freshAddress();
    for (let attempt = 0; attempt < LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      await login(owner.email, 'wrong-password', attacker, { forwardedFor: `${freshAddress()}, ${attacker}` });
    }
    expectTooMany(await login(owner.email, 'wrong-password', attacker, { forwardedFor: `${freshAddress()}, ${attacker}` }));
  });

  it('counts an IPv6 client by its /64', async () => {
    const owner = await buildUser(t.server.deps.dataSource);
    for (let attempt = 0; attempt < LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      await login(owner.email, 'wrong-password', `2001:db8:0:7::${attempt + 1}`);
    }
    expectTooMany(await login(owner.email, 'wrong-password', '2001:db8:0:7:ffff::9'));
    expect((await login(owner.email, DEFAULT_PASSWORD, '2001:db8:0:8::1')).status).toBe(200);
  });
});
