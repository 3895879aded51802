/**
 * Kept answers: with a database, shared by every process on it (two connection pools), by kind, with when each was
 * fetched, gone past `keepMs` and cleared from the table as answers are kept; without one, in memory, least recently
 * written out first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createDataSource } from '../db/dataSource.ts';
import { createTestDatabase } from '../test/testDatabase.ts';
import { createKeptAnswers } from './keptAnswers.ts';

const DAY = 24 * 60 * 60_000;
let now = Date.parse('2026-07-01T10:00:00Z');
const clock = () => now;

let apiProcess: DataSource;
let otherProcess: DataSource;
beforeAll(async () => {
  const url = await createTestDatabase();
  [apiProcess, otherProcess] = await Promise.all([createDataSource(url, 2).initialize(), createDataSource(url, 2).initialize()]);
});
afterAll(async () => {
  await apiProcess?.destroy();
  await otherProcess?.destroy();
});

const rowsOf = async (kind: string) => Number((await apiProcess.query('SELECT count(*) FROM provider_answers WHERE kind = $1', [kind]))[0].count);

describe('answers kept in the database', () => {
  it("are every process's, by kind, with when they were fetched", async () => {
    const [kept, elsewhere] = [apiProcess, otherProcess].map((db) => createKeptAnswers<object[]>({ name: 'Photon', keepMs: DAY, maxEntries: 10, db, now: clock }));
    const answer = [{ name: 'Zürich 🏔', address: 'a "quoted" \\ line', latitude: 47.37, source: 'photon' }];
    await kept.set('search zürich', answer);
    expect(await elsewhere.get('search zürich')).toEqual({ value: answer, fetchedAt: now });
    expect(await createKeptAnswers({ name: 'Overpass', keepMs: DAY, maxEntries: 10, db: otherProcess, now: clock }).get('search zürich')).toBeUndefined();
    // Asked again: the newer answer and time replace the older.
    now += 1000;
    await elsewhere.set('search zürich', []);
    expect(await kept.get('search zürich')).toEqual({ value: [], fetchedAt: now });
  });

  it('are read and written many in one statement, the last of a key given twice standing', async () => {
    const [kept, elsewhere] = [apiProcess, otherProcess].map((db) => createKeptAnswers<number>({ name: 'OSRM detours', keepMs: DAY, maxEntries: 10, db, now: clock }));
    await kept.setMany([
      ['a', 1],
      ['b', 2],
      ['a', 3],
    ]);
    expect(await elsewhere.getMany(['a', 'b', 'c'])).toEqual(
      new Map([
        ['a', { value: 3, fetchedAt: now }],
        ['b', { value: 2, fetchedAt: now }],
      ]),
    );
    await kept.setMany([]);
  });

  it('are gone past keepMs, and cleared from the table while answers are kept', async () => {
    const kept = createKeptAnswers<number>({ name: 'aging', keepMs: DAY, maxEntries: 10, db: apiProcess, now: clock });
    await kept.set('old', 1);
    now += DAY - 1;
    expect(await kept.get('old')).toEqual({ value: 1, fetchedAt: now - DAY + 1 });
    now += 1;
    expect(await kept.get('old')).toBeUndefined();
    for (let question = 0; question < 98; question += 1) await kept.set(`new ${question}`, question);
    expect(await rowsOf('aging')).toBe(99);
    // The hundredth answer kept by this process clears the old one from the table.
    await kept.set('new 98', 98);
    expect(await rowsOf('aging')).toBe(99);
    expect(await kept.get('new 0')).toEqual({ value: 0, fetchedAt: now });
  });
});

describe('answers kept in memory', () => {
  it('are gone past keepMs, and the least recently written go first past maxEntries', async () => {
    const kept = createKeptAnswers<string>({ name: 'Photon', keepMs: DAY, maxEntries: 2, now: clock });
    await kept.set('a', 'A');
    await kept.set('b', 'B');
    await kept.set('a', 'A again');
    await kept.set('c', 'C');
    expect(await kept.get('b')).toBeUndefined();
    expect(await kept.get('a')).toEqual({ value: 'A again', fetchedAt: now });
    now += DAY;
    expect(await kept.get('c')).toBeUndefined();
  });
});
