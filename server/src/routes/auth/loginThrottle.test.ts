import { describe, expect, it } from 'vitest';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_BEFORE_NEW_ADDRESSES_ONLY,
  LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  LOGIN_FREE_FAILURES_PER_ADDRESS,
  messages,
} from '@caravan/shared';
import { useTestServer } from '../../test/useTestServer.ts';
import { buildUser, DEFAULT_PASSWORD } from '../../test/factories.ts';

// Behind a proxy the client address is the X-Forwarded-For entry the proxy appended: tests choose it.
const t = useTestServer({ trustProxy: true });

function login(email: string, password: string, from: string, forwardedFor = from) {
  return t.api.post('/auth/login_with_password', { email, password }, { headers: { 'x-forwarded-for': forwardedFor } });
}

function retryAfter(response: { headers: Headers }): number {
  return Number(response.headers.get('retry-after'));
}

function expectTooMany(response: Awaited<ReturnType<typeof login>>) {
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

describe('login throttle', () => {
  it('slows one address with growing waits while the owner signs in from another at once', async () => {
    const owner = await buildUser(t.server.deps.dataSource);
    const attacker = freshAddress();
    for (let attempt = 0; attempt < LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      expect((await login(owner.email, 'wrong-password', attacker)).status).toBe(401);
    }
    const waits: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      const refused = await login(owner.email, 'wrong-password', attacker);
      expectTooMany(refused);
      waits.push(retryAfter(refused));
      // Neither the wait nor a second try shortens it, and the owner elsewhere is not held up.
      expect(retryAfter(await login(owner.email, 'wrong-password', attacker))).toBe(retryAfter(refused));
      expect((await login(owner.email, DEFAULT_PASSWORD, freshAddress())).status).toBe(200);
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

  it('keeps a distributed attack under 100 checked passwords per account per hour, and lets the owner in during it', async () => {
    const owner = await buildUser(t.server.deps.dataSource);
    let checked = 0;
    const attackers: string[] = [];
    // Each address guesses until it is told to wait.
    const attackFrom = async (address: string) => {
      attackers.push(address);
      for (;;) {
        const response = await login(owner.email, 'wrong-password', address);
        if (response.status !== 401) return response;
        checked += 1;
      }
    };
    while (checked < LOGIN_FAILURES_PER_ACCOUNT_BEFORE_NEW_ADDRESSES_ONLY) expectTooMany(await attackFrom(freshAddress()));
    expect((await login(owner.email, DEFAULT_PASSWORD, freshAddress())).status).toBe(200);

    // The account has had its share: addresses that failed on it wait for the hour, however long they waited already.
    await elapse(60);
    const again = await login(owner.email, 'wrong-password', attackers[0]);
    expectTooMany(again);
    expect(retryAfter(again)).toBeGreaterThan(3000);

    // New addresses get one guess each, until the account's budget is spent.
    while (checked < LOGIN_FAILURES_PER_ACCOUNT && attackers.length < 200) {
      expectTooMany(await attackFrom(freshAddress()));
      if (checked === LOGIN_FAILURES_PER_ACCOUNT - 10) {
        expect((await login(owner.email, DEFAULT_PASSWORD, freshAddress())).status).toBe(200);
      }
    }
    for (let more = 0; more < 10; more += 1) {
      const response = await attackFrom(freshAddress());
      expectTooMany(response);
      expect(retryAfter(response)).toBeGreaterThan(3000);
    }
    expect(checked).toBe(LOGIN_FAILURES_PER_ACCOUNT);
    expect(checked).toBeLessThan(100);

    // Once the failures leave the hour, the account may be tried again.
    await elapse(60 * 60);
    expect((await login(owner.email, 'wrong-password', freshAddress())).status).toBe(401);
  });

  it('slows one address spraying many accounts, and nobody else', async () => {
    const sprayer = freshAddress();
    for (let account = 0; account < LOGIN_FREE_FAILURES_PER_ADDRESS; account += 1) {
      expect((await login(`victim-${account}@example.com`, 'wrong-password', sprayer)).status).toBe(401);
    }
    const owner = await buildUser(t.server.deps.dataSource);
    expectTooMany(await login(owner.email, DEFAULT_PASSWORD, sprayer));
    expect((await login(owner.email, DEFAULT_PASSWORD, freshAddress())).status).toBe(200);
    await elapse(2);
    expect((await login('victim-next@example.com', 'wrong-password', sprayer)).status).toBe(401);
    expect(retryAfter(await login('victim-next@example.com', 'wrong-password', sprayer))).toBe(4);
  });

  it('counts the address the proxy saw, not one the client put before it', async () => {
    const owner = await buildUser(t.server.deps.dataSource);
    const attacker = freshAddress();
    for (let attempt = 0; attempt < LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      await login(owner.email, 'wrong-password', attacker, `${freshAddress()}, ${attacker}`);
    }
    expectTooMany(await login(owner.email, 'wrong-password', attacker, `${freshAddress()}, ${attacker}`));
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
