/**
 * Live-door activity survives a collab-server crash without locking anyone out: the entry a member's edit
 * records is the server's own write, so it must reach the other members only once committed. A member who
 * held an entry the crashed server never committed would send it back on reconnecting, and no client may
 * write activity: that member was refused (4403 'write outside stops') on every reconnect.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { addStop, orderedStops, readActivity } from '@caravan/shared';
import { freePort } from '@caravan/engine/test';
import { addMember, buildTrip, buildUser } from '@caravan/server/test';
import { useCollabProcesses } from './test/useCollabProcesses.ts';
import { waitFor, type TestClient } from './test/collabClient.ts';

const processes = useCollabProcesses();
const { collabOn, connectAs } = processes;
let dataSource: DataSource;
beforeAll(() => {
  dataSource = processes.dataSource;
});

const hasStop = (client: TestClient, name: string) => orderedStops(client.doc).some((stop) => stop.name === name);
const stopEntries = (client: TestClient) => readActivity(client.doc).filter((entry) => entry.activityType.startsWith('stop'));

describe('live stop activity and a collab-server crash', () => {
  it('keeps every member able to sync when the server dies before committing an edit and its entry', async () => {
    const port = await freePort();
    const running = await collabOn(port);
    const owner = await buildUser(dataSource, { displayName: 'Maya' });
    const editor = await buildUser(dataSource, { displayName: 'Ravi' });
    const trip = await buildTrip(dataSource, owner);
    await addMember(dataSource, trip, editor, 'editor');
    const writer = await connectAs(running.url, trip.id, editor);
    const watcher = await connectAs(running.url, trip.id, owner);

    // Hold the trip's row so the commit of the edit (and of the entry it records) cannot happen.
    const blocker = dataSource.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    let entriesBeforeCommit: unknown[];
    try {
      await blocker.query(`SELECT 1 FROM trip_docs WHERE trip_id = $1 FOR UPDATE`, [trip.id]);
      addStop(writer.doc, randomUUID(), { name: 'Big Sur' });
      await waitFor(() => hasStop(watcher, 'Big Sur'), 3000, 'the edit reaching the watcher');
      await new Promise((resolve) => setTimeout(resolve, 300));
      entriesBeforeCommit = stopEntries(watcher);
      running.child.kill('SIGKILL');
      await new Promise((resolve) => running.child.once('exit', resolve));
      // The watcher comes back after the writer, so the stop is recorded as the writer's (a relayed edit
      // would be recorded as the relaying member's).
      watcher.provider.disconnect();
    } finally {
      await blocker.rollbackTransaction();
      await blocker.release();
    }
    // The edit itself is shared at once; the server's entry for it waits for the commit, which never came.
    expect(entriesBeforeCommit).toEqual([]);
    await collabOn(port);

    // The writer still holds its unacknowledged stop and sends it again.
    await writer.saved(15_000);
    watcher.provider.connect();
    await watcher.synced();
    // The watcher was refused on every reconnect while it held an entry the server had lost: its edits never saved.
    addStop(watcher.doc, randomUUID(), { name: 'Carmel' });
    await watcher.saved(15_000);
    await waitFor(() => hasStop(writer, 'Carmel'), 5000, "the watcher's stop on the writer");
    const story = [
      { activityType: 'stop_added', activityData: { stopName: 'Big Sur', stopId: expect.any(String) }, userId: editor.id },
      { activityType: 'stop_added', activityData: { stopName: 'Carmel', stopId: expect.any(String) }, userId: owner.id },
    ];
    const feed = (client: TestClient) => stopEntries(client).map(({ activityType, activityData, userId }) => ({ activityType, activityData, userId }));
    await waitFor(() => feed(writer).length === 2 && feed(watcher).length === 2, 5000, 'both entries on both members');
    expect(feed(writer)).toEqual(story);
    expect(feed(watcher)).toEqual(story);
    const rows = await dataSource.query(
      `SELECT activity_type AS "activityType", activity_data AS "activityData", user_id AS "userId"
         FROM activities WHERE trip_id = $1 AND activity_type LIKE 'stop%' ORDER BY created_at, id`,
      [trip.id],
    );
    expect(rows).toEqual(story);
  }, 60_000);

  it('records an edit once when two collab processes serve the trip', async () => {
    const [first, second] = await Promise.all([collabOn(await freePort()), collabOn(await freePort())]);
    const owner = await buildUser(dataSource);
    const editor = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    await addMember(dataSource, trip, editor, 'editor');
    const left = await connectAs(first.url, trip.id, editor);
    const right = await connectAs(second.url, trip.id, owner);

    addStop(left.doc, randomUUID(), { name: 'Added on process one' });
    await left.saved();
    await waitFor(() => stopEntries(right).length === 1, 5000, 'the entry on process two');
    // Process two applied the commit as a peer's: nothing of its own to record, however long it waits.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rows = await dataSource.query(`SELECT user_id AS "userId" FROM activities WHERE trip_id = $1 AND activity_type = 'stop_added'`, [trip.id]);
    expect(rows).toEqual([{ userId: editor.id }]);
    expect(stopEntries(right)).toHaveLength(1);
    expect(stopEntries(left)).toHaveLength(1);
  }, 60_000);
});
