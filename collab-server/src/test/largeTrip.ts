/** Large trip documents for tests of what the collab server sends, written through the REST door's hub. */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { addStop, orderedStops, updateStop } from '@caravan/shared';
import { createLogger, serverOrigin, TripDocHub } from '@caravan/engine';

const STOPS = 250;
const NOTES_CHARS = 4000;

/**
 * Gives the trip 250 stops (adding what it lacks) and new 4,000-character notes on each: the first call makes a
 * document of about 1 MB, each later one commits an update of about 1 MB that the collab server sends every member.
 * Returns the notes written.
 */
export async function writeLargeNotes(dataSource: DataSource, tripId: string, ownerId: number): Promise<string> {
  const hub = new TripDocHub(dataSource, createLogger('silent'));
  const notes = `${randomUUID()} `.repeat(NOTES_CHARS / 37).padEnd(NOTES_CHARS, '.');
  await hub.write(tripId, serverOrigin(ownerId), ({ doc, transact }) =>
    transact(() => {
      const stops = orderedStops(doc);
      for (const stop of stops) updateStop(doc, stop.id, { notes });
      for (let at = stops.length; at < STOPS; at++) addStop(doc, randomUUID(), { name: `Stop ${at + 1}`, notes });
    }),
  );
  hub.unload(tripId);
  return notes;
}
