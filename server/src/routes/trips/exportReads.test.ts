/**
 * The exports and the calendar feed (docs/product.md#export) read only what the files carry: the trip and its
 * document (stops, legs and plan fields), never the stop rows, the journal entries and photos /trips/details gathers.
 * Calendar apps poll the feed, so each poll stays one catch-up read of the document, however much the trip's
 * journal holds.
 */
import { describe, expect, it } from 'vitest';
import { download, readIcs } from '../../test/exportReaders.ts';
import { sqlDuring } from '@caravan/engine/test';
import { addJournalEntry, addStops } from '../../test/tripDetailFixtures.ts';
import { tripWithCrew } from '../../test/tripWithCrew.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();

/** How many statements read each table while `run` runs. */
async function tablesRead(run: () => Promise<unknown>) {
  const sql = await sqlDuring(run);
  const reading = (table: string) => sql.filter((text) => new RegExp(`\\bFROM\\s+"?${table}"?\\b`, 'i').test(text)).length;
  return { document: reading('trip_docs'), stops: reading('stops'), journal: reading('journal_entries'), photos: reading('photos') };
}

describe('what an export reads', () => {
  it('a file and a feed poll read the document once, and no stop row, journal entry or photo', async () => {
    const { trip, owner } = await tripWithCrew(t.server.deps.dataSource, { title: 'Journal-heavy trip' });
    const deps = t.server.deps;
    const stops = await addStops(deps, trip, owner, ['Moab', 'Escalante']);
    for (const stop of stops) {
      await addJournalEntry(deps, { trip, stopId: stop.id, authorId: owner.id, content: `Day at ${stop.name}`, entryDate: new Date('2025-08-01'), photos: 2 });
    }
    const plan = await t.api.post('/trips/stops/update-planned-date', { tripId: trip.id, stopId: stops[1].id, plannedArrivalDate: '2025-08-02', autoScheduled: false }, { as: owner });
    expect(plan.status).toBe(200);
    const feed = await t.api.post('/trips/calendar-feed/create', { tripId: trip.id }, { as: owner });
    expect(feed.status).toBe(200);
    await deps.legs.idle();

    let kml = '';
    expect(await tablesRead(async () => (kml = (await download(t, `/trips/export?tripId=${trip.id}&format=kml`, owner)).bytes.toString('utf8')))).toEqual({
      document: 1,
      stops: 0,
      journal: 0,
      photos: 0,
    });
    for (const stop of stops) expect(kml).toContain(`<name>${stop.name}</name>`);

    let ics = '';
    const poll = async () => (ics = (await download(t, new URL(feed.body.url).pathname.replace(/^\/_api/, ''))).bytes.toString('utf8'));
    expect(await tablesRead(poll)).toEqual({ document: 1, stops: 0, journal: 0, photos: 0 });
    expect(readIcs(ics).map((event) => [event.summary, event.date])).toEqual([['Moab', '2025-08-02']]);
  });
});
