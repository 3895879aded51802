/**
 * The projection tells members of what it stores for the first time only: projecting the same activity entries again
 * (a second process, a re-projection) adds no notification, even for a member whose notification was since deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { DataSource, EntityManager } from 'typeorm';
import { activityArray, type DocActivity } from '@caravan/shared';
import { createDataSource } from '../db/dataSource.ts';
import { createTestDatabase } from '../test/testDatabase.ts';
import { eventsOfActivity, SILENT_ACTIVITY_TYPES } from './notificationDeriver.ts';
import { recordActivity } from '../tripDocs/activityRecorder.ts';
import { projectTouched } from '../tripDocs/projection.ts';
import { noneTouched } from '../tripDocs/touchedRecords.ts';

let db: DataSource;
beforeAll(async () => {
  db = await createDataSource(await createTestDatabase(), 2).initialize();
});
afterAll(() => db?.destroy());

async function user(name: string): Promise<number> {
  const [{ id }] = await db.query(`INSERT INTO users (email, display_name, password_hash) VALUES ($1, $2, 'x') RETURNING id`, [
    `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com`,
    name,
  ]);
  return id;
}

const project = (tripId: string, doc: Y.Doc) =>
  db.transaction((manager) => projectTouched(manager, tripId, doc, { ...noneTouched(), activity: new Set(activityArray(doc).toArray().map((entry) => entry.get('id') as string)) }, null));

describe('notifications derived by the projection', () => {
  it('come once per event and member, however often the entries are projected', async () => {
    const [owner, member] = [await user('Olive'), await user('Milo')];
    const [{ id: tripId }] = await db.query(`INSERT INTO trips (owner_id, title) VALUES ($1, 'Loop') RETURNING id`, [owner]);
    await db.query(`INSERT INTO trip_members (trip_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'editor')`, [tripId, owner, member]);
    const doc = new Y.Doc();
    doc.transact(() => recordActivity(doc, { id: owner, displayName: 'Olive', avatarUrl: null }, 'item_assigned', { itemId: 'x', text: 'Tent', assigneeId: member }));
    const count = async () => (await db.query(`SELECT count(*)::int AS n FROM notifications WHERE trip_id = $1`, [tripId]))[0].n;

    await project(tripId, doc);
    expect(await count()).toBe(1);
    await project(tripId, doc);
    expect(await count()).toBe(1);
    await db.query(`DELETE FROM notifications WHERE trip_id = $1`, [tripId]);
    await project(tripId, doc);
    expect(await count()).toBe(0);

    // A new entry assigning the actor themself tells nobody.
    doc.transact(() => recordActivity(doc, { id: member, displayName: 'Milo', avatarUrl: null }, 'item_assigned', { itemId: 'y', text: 'Map', assigneeId: member }));
    await project(tripId, doc);
    expect(await count()).toBe(0);
  });
});

describe('silent activity', () => {
  it('tells nobody, without reading anything', async () => {
    const unread = new Proxy({} as EntityManager, {
      get: () => {
        throw new Error('read the database');
      },
    });
    const doc = new Y.Doc();
    for (const type of SILENT_ACTIVITY_TYPES) {
      const entry: DocActivity = {
        id: crypto.randomUUID(),
        activityType: type,
        activityData: { stopName: 'Astoria', stopId: crypto.randomUUID() },
        userId: 1,
        displayName: 'Olive',
        avatarUrl: null,
        createdAt: new Date().toISOString(),
      };
      expect(await eventsOfActivity(unread, crypto.randomUUID(), doc, entry), type).toEqual([]);
    }
  });
});
