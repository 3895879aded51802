/**
 * PostgreSQL out of reach (its connections dropped, new ones refused, as when it stops) and then back, under the
 * whole stack: REST answers 503 with a clear message and Retry-After, never 500; the live door closes a write it
 * cannot commit with COLLAB_CLOSE.tryAgain and answers a join 503 with Retry-After; both work again by themselves
 * once the database is back, and every edit the member made is then committed.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addStop, COLLAB_CLOSE, messages, orderedStops } from '@caravan/shared';
import { DATABASE_RETRY_AFTER_SECONDS, type Config } from '@caravan/engine';
import { createTestDatabase, startDatabaseGate, type DatabaseGate } from '@caravan/engine/test';
import { buildTrip, buildUser } from '@caravan/server/test';
import { connectClient, type TestClient } from '@caravan/collab-server/test';
import { useTestStack } from './stack.ts';

const overrides: Partial<Config> = {};
let gate: DatabaseGate;
beforeAll(async () => {
  gate = await startDatabaseGate(await createTestDatabase());
  overrides.databaseUrl = gate.url;
});
afterAll(() => gate?.close());
const t = useTestStack(overrides);
const db = () => t.server.deps.dataSource;

let clients: TestClient[] = [];
afterEach(() => {
  for (const client of clients) client.destroy();
  clients = [];
});

/** A new socket's answer to its upgrade: 101, or the status and Retry-After it was refused with. */
function joinAnswer(tripId: string, cookie: string): Promise<{ status: number; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${t.collab.url}/collab/${tripId}`, { headers: { cookie, origin: t.server.deps.config.publicOrigin } });
    socket.on('open', () => {
      socket.terminate();
      resolve({ status: 101 });
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] });
      socket.terminate();
    });
    socket.on('error', reject);
  });
}

describe('the database out of reach', () => {
  it('answers REST 503 with Retry-After and refuses live writes with tryAgain, then both work again by themselves', { timeout: 60_000 }, async () => {
    const owner = await buildUser(db());
    const trip = await buildTrip(db(), owner);
    const cookie = await t.cookieFor(owner);
    const costs = () => t.api.post('/trips/costs', { tripId: trip.id }, { as: cookie });
    expect((await costs()).status).toBe(200);
    const client = connectClient(t.collabUrl, trip.id, cookie, { origin: t.server.deps.config.publicOrigin });
    clients.push(client);
    await client.synced();
    const written: string[] = [];
    const edit = (name: string) => {
      addStop(client.doc, randomUUID(), { name, latitude: 36.6, longitude: -121.9 });
      written.push(name);
    };
    edit('Monterey');
    await client.saved();

    await gate.shut();
    const refused = await costs();
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 503, body: { error: messages.common.databaseUnavailable } });
    expect(refused.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    // The first write after the cut is taken, and its commit fails; from then on the room takes none.
    for (let n = 1; n <= 40 && !client.closes.some(({ code }) => code === COLLAB_CLOSE.tryAgain); n++) {
      if (client.provider.wsconnected) edit(`Offline ${n}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(client.closes.map(({ code }) => code)).toContain(COLLAB_CLOSE.tryAgain);
    expect(client.isSaved()).toBe(false);
    expect(await joinAnswer(trip.id, cookie)).toEqual({ status: 503, retryAfter: String(DATABASE_RETRY_AFTER_SECONDS) });

    await gate.open();
    await expect.poll(async () => (await costs()).status, { timeout: 10_000, interval: 100 }).toBe(200);
    expect((await joinAnswer(trip.id, cookie)).status).toBe(101);
    await client.saved(20_000);
    edit('Carmel');
    await client.saved();
    const rows: Array<{ name: string }> = await db().query('SELECT name FROM stops WHERE trip_id = $1', [trip.id]);
    expect(rows.map(({ name }) => name).sort()).toEqual([...orderedStops(client.doc).map(({ name }) => name)].sort());
    expect(rows.map(({ name }) => name)).toEqual(expect.arrayContaining(written));
  });
});
