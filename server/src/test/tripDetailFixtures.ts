/** Test data for the trip detail calls: stops added through the document, journal entries with stored photos. */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { addStop } from '@caravan/shared';
import { photoStorer } from '../commands/photoStorer.ts';
import { bumpVersion, JournalEntryEntity, serverOrigin, type Trip, type User } from '@caravan/engine';
import type { ProcessedImage } from '../lib/imageProcessor.ts';
import type { AppDeps } from '../types.ts';

export interface StopRow {
  id: string;
  name: string;
  stop_order: number;
}

export const stopRows = (dataSource: DataSource, tripId: string): Promise<StopRow[]> =>
  dataSource.query(`SELECT id, name, stop_order FROM stops WHERE trip_id = $1 ORDER BY stop_order`, [tripId]);

/** Appends stops through the trip document, as the app does; returns every stop of the trip in order. */
export async function addStops(deps: AppDeps, trip: Trip, owner: User, names: string[]): Promise<StopRow[]> {
  await deps.tripDocs.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
    transact(() => {
      for (const [index, name] of names.entries()) addStop(doc, randomUUID(), { name, latitude: 40 + index, longitude: -100 - index });
    }),
  );
  return stopRows(deps.dataSource, trip.id);
}

/** Adds `count` stops at the end through the trip document; returns their ids. */
export async function newStops(deps: AppDeps, trip: Trip, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await deps.tripDocs.write(trip.id, serverOrigin(trip.ownerId), ({ doc, transact }) =>
    transact(() => {
      for (const [index, id] of ids.entries()) addStop(doc, id, { name: `New stop ${index + 1}`, latitude: 36 + index / 10, longitude: -120 - index / 10 });
    }),
  );
  return ids;
}

export async function pngDataUrl(width = 40, height = 30): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#2a7' } }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

let smallJpeg: Promise<ProcessedImage> | undefined;
const image = () =>
  (smallJpeg ??= sharp({ create: { width: 8, height: 8, channels: 3, background: '#a72' } })
    .jpeg()
    .toBuffer()
    .then((bytes) => ({ bytes, contentType: 'image/jpeg' as const, width: 8, height: 8 })));

export interface EntryFixture {
  id: string;
  photoUrls: string[];
  storageKeys: string[];
}

/**
 * A journal entry written straight to its tables (the journal calls live elsewhere), with stored photos,
 * then the change signal in the trip document that every journal write commits with.
 */
export async function addJournalEntry(
  deps: AppDeps,
  params: { trip: Trip; stopId: string; authorId: number; content: string | null; entryDate: Date; photos?: number },
): Promise<EntryFixture> {
  const entry = await deps.dataSource.getRepository(JournalEntryEntity).save({
    tripId: params.trip.id,
    stopId: params.stopId,
    authorId: params.authorId,
    content: params.content,
    entryDate: params.entryDate,
  });
  const photoUrls: string[] = [];
  const storageKeys: string[] = [];
  for (let position = 0; position < (params.photos ?? 0); position += 1) {
    const stored = await photoStorer(deps.dataSource, deps.blobStore, {
      tripId: params.trip.id,
      journalEntryId: entry.id,
      position,
      uploadedBy: params.authorId,
      image: await image(),
    });
    photoUrls.push(stored.url);
    storageKeys.push(stored.photo.storageKey);
  }
  await deps.tripDocs.write(params.trip.id, serverOrigin(params.authorId), ({ doc, transact }) =>
    transact(() => bumpVersion(doc, 'journalsVersion')),
  );
  return { id: entry.id, photoUrls, storageKeys };
}
