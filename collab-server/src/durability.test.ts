import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { addStop, deleteStop, orderedStops, updateStop } from '@caravan/shared';
import { createLogger, TripDocHub } from '@caravan/engine';
import { freePort } from '@caravan/engine/test';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
import { useCollabProcesses } from './test/useCollabProcesses.ts';
import { waitFor } from './test/collabClient.ts';
import { startEditing } from './test/editingCrew.ts';

const processes = useCollabProcesses();
const { collabOn, connectAs } = processes;
let dataSource: DataSource;
beforeAll(() => {
  dataSource = processes.dataSource;
});

async function persistedStops(tripId: string) {
  const live = await new TripDocHub(dataSource, createLogger('silent')).open(tripId);
  return orderedStops(live!.doc);
}

describe('collab server durability', () => {
  it('loses no acknowledged edit when killed with SIGKILL while 20 clients edit', async () => {
    const port = await freePort();
    let running = await collabOn(port);
    const owner = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    const users = [owner];
    for (let i = 0; i < 19; i++) {
      const user = await buildUser(dataSource);
      await addMember(dataSource, trip, user, 'editor');
      users.push(user);
    }
    const group = await Promise.all(users.map((user) => connectAs(running.url, trip.id, user)));
    const crew = startEditing(group);

    // Killed once some edits are confirmed (at least 800 ms in): on a busy machine the first commits come later.
    await new Promise((resolve) => setTimeout(resolve, 800));
    await waitFor(() => crew.acknowledged().length > 10, 20_000, 'edits confirmed before the crash');
    running.child.kill('SIGKILL');
    await new Promise((resolve) => running.child.once('exit', resolve));
    const confirmedBeforeCrash = crew.acknowledged();
    expect(confirmedBeforeCrash.length).toBeGreaterThan(10);

    await new Promise((resolve) => setTimeout(resolve, 300));
    running = await collabOn(port);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await crew.stop();
    await Promise.all(group.map((client) => client.synced(15_000))).catch((error) => {
      throw new Error(`${error.message}; clients [synced, connected, closes]: ${JSON.stringify(group.map((client) => [client.provider.synced, client.provider.wsconnected, client.closes]))}`);
    });
    await Promise.all(group.map((client) => client.saved(15_000))).catch((error) => {
      throw new Error(`${error.message}; closes: ${JSON.stringify(group.map((client) => client.closes))}`);
    });

    const persisted = await persistedStops(trip.id);
    const persistedIds = new Set(persisted.map((stop) => stop.id));
    for (const stopId of confirmedBeforeCrash) expect(persistedIds.has(stopId)).toBe(true);
    // The clients still held what was not yet acknowledged and sent it again after reconnecting.
    for (const stopId of crew.added) expect(persistedIds.has(stopId)).toBe(true);
    await waitFor(() => group.every((client) => orderedStops(client.doc).length === persisted.length), 10_000, 'replicas');
    for (const client of group) expect(orderedStops(client.doc)).toEqual(persisted);
    for (const client of group) client.destroy();
  }, 90_000);

  it('lets clients on two collab processes over one database see each other\'s edits', async () => {
    const [first, second] = await Promise.all([collabOn(await freePort()), collabOn(await freePort())]);
    const owner = await buildUser(dataSource);
    const editor = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    await addMember(dataSource, trip, editor, 'editor');
    const left = await connectAs(first.url, trip.id, owner);
    const right = await connectAs(second.url, trip.id, editor);

    const stopId = randomUUID();
    addStop(left.doc, stopId, { name: 'Added on process one' });
    await waitFor(() => orderedStops(right.doc).some((stop) => stop.id === stopId), 3000, 'the edit on process two');
    updateStop(right.doc, stopId, { name: 'Renamed on process two' });
    await waitFor(() => orderedStops(left.doc).some((stop) => stop.name === 'Renamed on process two'), 3000);
    await Promise.all([left.saved(), right.saved()]);
    expect(orderedStops(left.doc)).toEqual(orderedStops(right.doc));
    expect(await persistedStops(trip.id)).toEqual(orderedStops(left.doc));
  }, 60_000);

  it('flushes every received edit on SIGTERM, even while PostgreSQL holds the trip locked', async () => {
    const running = await collabOn(await freePort());
    const owner = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    const client = await connectAs(running.url, trip.id, owner);
    const blocker = dataSource.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query(`SELECT 1 FROM trip_docs WHERE trip_id = $1 FOR UPDATE`, [trip.id]);
    const added = Array.from({ length: 25 }, (_, i) => {
      const stopId = randomUUID();
      addStop(client.doc, stopId, { name: `Held ${i}` });
      return stopId;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.isSaved()).toBe(false);
    running.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(running.child.exitCode).toBeNull();
    await blocker.rollbackTransaction();
    await blocker.release();
    await new Promise((resolve) => running.child.once('exit', resolve));
    const persistedIds = new Set((await persistedStops(trip.id)).map((stop) => stop.id));
    for (const stopId of added) expect(persistedIds.has(stopId)).toBe(true);
  }, 60_000);

  it('keeps failed writes in memory, retries them and acknowledges only after they commit', async () => {
    const running = await collabOn(await freePort());
    const owner = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    const client = await connectAs(running.url, trip.id, owner);
    await dataSource.query(`ALTER TABLE trip_doc_updates RENAME TO trip_doc_updates_away`);
    let restored = false;
    try {
      const stopId = randomUUID();
      addStop(client.doc, stopId, { name: 'Written late' });
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(client.isSaved()).toBe(false);
      await dataSource.query(`ALTER TABLE trip_doc_updates_away RENAME TO trip_doc_updates`);
      restored = true;
      await client.saved(15_000);
      expect((await persistedStops(trip.id)).map((stop) => stop.id)).toContain(stopId);
    } finally {
      if (!restored) await dataSource.query(`ALTER TABLE trip_doc_updates_away RENAME TO trip_doc_updates`);
    }
  }, 60_000);

  it('acknowledges a deletion only after its commit, and leaves the other members saved meanwhile', async () => {
    const running = await collabOn(await freePort());
    const owner = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    const writer = await connectAs(running.url, trip.id, owner);
    const watcher = await connectAs(running.url, trip.id, owner);
    const stopId = randomUUID();
    addStop(writer.doc, stopId, { name: 'Deleted later' });
    await writer.saved();
    await dataSource.query(`ALTER TABLE trip_doc_updates RENAME TO trip_doc_updates_away`);
    let restored = false;
    try {
      // A deletion advances no clock: only the acknowledged delete set can say it is durable.
      deleteStop(writer.doc, stopId);
      await waitFor(() => !orderedStops(watcher.doc).some((stop) => stop.id === stopId));
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(writer.isSaved()).toBe(false);
      expect(watcher.isSaved()).toBe(true);
      await dataSource.query(`ALTER TABLE trip_doc_updates_away RENAME TO trip_doc_updates`);
      restored = true;
      await writer.saved(15_000);
      expect((await persistedStops(trip.id)).map((stop) => stop.id)).not.toContain(stopId);
    } finally {
      if (!restored) await dataSource.query(`ALTER TABLE trip_doc_updates_away RENAME TO trip_doc_updates`);
    }
  }, 60_000);
});
