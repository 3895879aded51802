/**
 * Live editing comes back by itself (issue 39 item 1): `npm start`'s supervisor starts the collab process again
 * after it was killed, after its replacement was killed before it listened, and while PostgreSQL refused
 * connections, trying again and again with its backoff (shortened here) until one start holds; meanwhile the main
 * server answers /collab/ upgrades 503 with Retry-After, and members' edits wait on their devices. No acknowledged
 * edit is lost. Stopping the supervisor while a replacement starts leaves no process behind.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { messages, orderedStops } from '@caravan/shared';
import { superviseCollabProcess } from '@caravan/collab-server';
import { connectClient, startEditing, waitFor, type TestClient } from '@caravan/collab-server/test';
import { createDataSource, createLogger, TripDocHub, type SupervisedServer } from '@caravan/engine';
import { createTestDatabase, freePort, startDatabaseGate, type DatabaseGate } from '@caravan/engine/test';
import type { RunningServer } from '@caravan/server';
import { addMember, buildTrip, buildUser, sessionCookieFor, startTestServer } from '@caravan/server/test';

/** The supervisor's pauses, shortened: 0.1 s doubling to 0.4 s (npm start: 0.5 s doubling to 30 s). */
const BACKOFF = { firstPauseMs: 100, maxPauseMs: 400 };

let databaseUrl = '';
let dataSource: DataSource;
let gate: DatabaseGate;
const supervisors: SupervisedServer[] = [];
const clients: TestClient[] = [];
let server: RunningServer | undefined;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  dataSource = await createDataSource(databaseUrl, 2).initialize();
  gate = await startDatabaseGate(databaseUrl);
});

afterAll(async () => {
  for (const client of clients) client.destroy();
  await Promise.all(supervisors.map((supervisor) => supervisor.stop()));
  await server?.close();
  await gate?.close();
  await dataSource?.destroy();
});

/** A collab process supervised as `npm start` does, its PostgreSQL through the gate; its log lines kept. */
async function supervised(options: { firstPauseMs: number; maxPauseMs: number }) {
  const log: string[] = [];
  const port = await freePort();
  const supervisor = await superviseCollabProcess(
    { DATABASE_URL: gate.url, COLLAB_PORT: String(port), LOG_LEVEL: 'silent' },
    { ...options, log: (line) => log.push(line) },
  );
  supervisors.push(supervisor);
  return { supervisor, log, port };
}

/** Whether something accepts TCP connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** The raw answer of the main server to a websocket upgrade of /collab/{tripId}: its status line and headers, and its body. */
function upgradeAnswer(serverUrl: string, tripId: string): Promise<{ head: string; body: string }> {
  const { port } = new URL(serverUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () =>
      socket.write(
        `GET /collab/${tripId} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      ),
    );
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body = ''] = answer.split('\r\n\r\n');
      resolve({ head, body });
    });
  });
}

async function persistedStopIds(tripId: string): Promise<Set<string>> {
  const live = await new TripDocHub(dataSource, createLogger('silent')).open(tripId);
  return new Set(orderedStops(live!.doc).map((stop) => stop.id));
}

describe('live editing after the collab process dies', () => {
  it('comes back by itself after a kill, a replacement killed while starting and PostgreSQL refusing; no acknowledged edit is lost', async () => {
    const { supervisor, log, port } = await supervised(BACKOFF);
    server = await startTestServer({ databaseUrl, collabUrls: [`http://127.0.0.1:${port}`] });
    const door = `${server.url.replace('http://localhost', 'ws://127.0.0.1')}/collab`;
    const owner = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    const users = [owner];
    for (let i = 0; i < 3; i++) {
      const editor = await buildUser(dataSource);
      await addMember(dataSource, trip, editor, 'editor');
      users.push(editor);
    }
    const group = await Promise.all(
      users.map(async (user) => {
        const client = connectClient(door, trip.id, await sessionCookieFor(dataSource, user), { maxBackoffTime: 300 });
        clients.push(client);
        await client.synced();
        return client;
      }),
    );
    const crew = startEditing(group);
    await waitFor(() => crew.acknowledged().length >= 4, 20_000, 'edits confirmed before the kill');

    // 1. Killed.
    const first = supervisor.child!;
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const confirmedBeforeKill = crew.acknowledged();
    // PostgreSQL refuses connections from now on, for this process.
    await gate.shut();

    // 2. Its replacement is killed as soon as it is forked, long before it could listen.
    await waitFor(() => supervisor.child !== null && supervisor.child !== first, 10_000, 'the replacement to be started');
    const replacement = supervisor.child!;
    expect(supervisor.up).toBe(false);
    expect(await listening(port)).toBe(false);
    replacement.kill('SIGKILL');

    // 3. The next start fails on PostgreSQL; the supervisor keeps trying, saying why each time. (Generous waits: a
    // start takes a second or two, and several times that on a machine busy with other test files.)
    const refused = () => log.filter((line) => /could not start/.test(line) && /ECONNREFUSED/.test(line));
    await waitFor(() => refused().length >= 1, 60_000, 'a start refused by PostgreSQL').catch((error) => {
      throw new Error(`${error.message}; the supervisor's log: ${JSON.stringify(log)}`);
    });
    expect(log[1]).toMatch(/could not start \(attempt 1\).*killed by SIGKILL/);

    // Meanwhile the main server says live editing is restarting, and when to come back.
    const upgrade = await upgradeAnswer(server.url, trip.id);
    expect(upgrade.head).toMatch(/^HTTP\/1\.1 503 /);
    expect(Number(upgrade.head.match(/\r\nRetry-After: (\d+)/i)?.[1])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(upgrade.body)).toEqual({ error: messages.liveEditing.restarting });
    const plain = await fetch(`${server.url}/collab/${trip.id}`);
    expect(plain.status).toBe(503);
    expect(Number(plain.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // 4. PostgreSQL is back: the next attempt holds, within the backoff, and the members' edits go through.
    const startsBefore = supervisor.starts;
    await gate.open();
    await waitFor(() => supervisor.up, 60_000, 'the collab process to be up again');
    expect(supervisor.starts - startsBefore).toBeLessThanOrEqual(2);
    expect(log.at(-1)).toMatch(/is running again \(attempt \d+\)/);
    await crew.stop();
    await Promise.all(group.map((client) => client.synced(15_000)));
    await Promise.all(group.map((client) => client.saved(15_000)));

    const persisted = await persistedStopIds(trip.id);
    for (const stopId of confirmedBeforeKill) expect(persisted.has(stopId)).toBe(true);
    // What was made while live editing was down waited on the devices and went out once it was back.
    for (const stopId of crew.added) expect(persisted.has(stopId)).toBe(true);
    expect((await fetch(`${server.url}/collab/${trip.id}`)).status).toBe(426);
  }, 180_000);

  it('leaves no process behind when stopped while a replacement starts, or while it waits to start one', async () => {
    await gate.open();
    const { supervisor, log } = await supervised({ firstPauseMs: 50, maxPauseMs: 50 });
    const first = supervisor.child!;
    first.kill('SIGKILL');
    await waitFor(() => supervisor.child !== null && supervisor.child !== first, 10_000, 'the replacement to be started');
    const replacement = supervisor.child!;
    await supervisor.stop();
    expect(replacement.exitCode !== null || replacement.signalCode !== null).toBe(true);
    expect(() => process.kill(replacement.pid!, 0)).toThrow();
    expect(supervisor.child).toBeNull();
    const startsAtStop = supervisor.starts;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(supervisor.starts).toBe(startsAtStop);

    const waiting = await supervised({ firstPauseMs: 10_000, maxPauseMs: 10_000 });
    const running = waiting.supervisor.child!;
    running.kill('SIGKILL');
    await waitFor(() => waiting.log.some((line) => /starting it again in 10 s/.test(line)), 10_000, 'the crash to be seen');
    await waiting.supervisor.stop();
    expect(waiting.supervisor.child).toBeNull();
    expect(waiting.supervisor.starts).toBe(1);
    expect(log[0]).toMatch(/stopped \(killed by SIGKILL\)/);
  }, 120_000);
});
