/** PostgreSQL's notifications between processes: small payloads (ids only), and commits that never wait for a listener. */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { addStop, STOP_NOTES_MAX_LENGTH } from '@caravan/shared';
import { type ChangeOrigin, createDataSource, createLogger, serverOrigin, TRIP_DOC_CHANNEL, TripDocHub } from '@caravan/engine';
import { createTestDatabase } from '@caravan/engine/test';
import { addMember, buildTrip, buildUser } from '../test/factories.ts';
import { sessionTokenFor } from '../test/sessionCookie.ts';

const CHANNELS = [TRIP_DOC_CHANNEL, 'trip_access', 'user_access', 'session_ended'];
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** What each channel's payload may be: ids, a number, a hash; never a document or a row. */
const PAYLOAD = {
  [TRIP_DOC_CHANNEL]: new RegExp(`^${UUID}:\\d+$`),
  trip_access: new RegExp(`^${UUID}:\\d+$`),
  user_access: /^\d+$/,
  session_ended: /^[0-9a-f]{64}$/,
} as Record<string, RegExp>;

let databaseUrl: string;
let dataSource: DataSource;
const logger = createLogger('silent');
beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  dataSource = await createDataSource(databaseUrl).initialize();
});
afterAll(() => dataSource?.destroy());

async function listener(channels: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const received: Array<{ channel: string; payload: string }> = [];
  client.on('notification', (message) => received.push({ channel: message.channel, payload: message.payload ?? '' }));
  await client.connect();
  for (const channel of channels) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  return { client, received };
}

const largeNotes = 'n'.repeat(STOP_NOTES_MAX_LENGTH);

describe('notifications between processes', () => {
  it('carries ids only, however large the change it announces', async () => {
    const { client, received } = await listener(CHANNELS);
    try {
      const owner = await buildUser(dataSource);
      const trip = await buildTrip(dataSource, owner);
      const hub = new TripDocHub(dataSource, logger);
      // A REST write and a collab batch (the grouped append): the two ways a commit notifies.
      await hub.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
        transact(() => addStop(doc, randomUUID(), { name: 'Large', notes: largeNotes })),
      );
      const origin: ChangeOrigin = { source: 'connection', connectionId: 'test', userId: owner.id };
      const { doc } = (await hub.open(trip.id))!;
      let update!: Uint8Array;
      doc.once('update', (change: Uint8Array) => (update = change));
      doc.transact(() => addStop(doc, randomUUID(), { name: 'Also large', notes: largeNotes }), origin);
      await hub.persist(trip.id, update, origin);
      const member = await buildUser(dataSource);
      await addMember(dataSource, trip, member, 'editor');
      await sessionTokenFor(dataSource, member);
      await dataSource.query(`UPDATE users SET status = 'disabled' WHERE id = $1`, [member.id]);
      await dataSource.query(`DELETE FROM sessions WHERE user_id = $1`, [member.id]);

      await expect.poll(() => new Set(received.map((message) => message.channel)).size, { timeout: 5000 }).toBe(CHANNELS.length);
      expect(received.filter((message) => message.channel === TRIP_DOC_CHANNEL).length).toBeGreaterThanOrEqual(2);
      for (const { channel, payload } of received) {
        expect(payload).toMatch(PAYLOAD[channel]);
        expect(payload.length).toBeLessThanOrEqual(80);
      }
    } finally {
      await client.end();
    }
  });

  it('commits at the usual pace while a listener reads nothing, and the listener gets every notification later', async () => {
    const owner = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    const hub = new TripDocHub(dataSource, logger);
    const commitTimes = async (count: number) => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        await hub.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) => transact(() => addStop(doc, randomUUID(), { name: `Stop ${i}` })));
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[Math.floor(count * 0.95)];
    };
    const usual = await commitTimes(60);

    const slow = await listener([TRIP_DOC_CHANNEL]);
    try {
      // The listener stops reading its socket (a process stalled in a long task, or paused): once the socket's
      // buffers are full, its backend cannot deliver more, and PostgreSQL queues them for it.
      (slow.client as unknown as { connection: { stream: { pause: () => void; resume: () => void } } }).connection.stream.pause();
      await dataSource.query(
        `SELECT pg_notify($1, $2 || ':' || n) FROM generate_series(1, 30000) AS n`,
        [TRIP_DOC_CHANNEL, randomUUID()],
      );
      const whileStalled = await commitTimes(60);
      expect(whileStalled).toBeLessThan(Math.max(usual * 3, usual + 50));

      (slow.client as unknown as { connection: { stream: { resume: () => void } } }).connection.stream.resume();
      await expect.poll(() => slow.received.length, { timeout: 15_000 }).toBe(30_060);
    } finally {
      await slow.client.end();
    }
  }, 60_000);
});
