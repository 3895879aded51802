import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@caravan/shared';
import { JournalEntryEntity, PhotoEntity, StopEntity, type Trip } from '@caravan/engine';
import type { BlobStore } from '../providers/blobStore/blobStore.ts';
import { buildTrip, buildUser } from '../test/factories.ts';
import { useTestServer } from '../test/useTestServer.ts';
import { photoBlobsDeleter, photoDeleter } from './photoDeleter.ts';
import { photoIdFromUrl } from '../lib/photoUrls.ts';
import { photoStorer } from './photoStorer.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-photos-'));
const uploads = path.join(dataDir, 'uploads');
const t = useTestServer({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const uploadedFiles = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads) : []);

async function pngDataUrl(width = 3000, height = 2000): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#2a7' } }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function tripWithEntry(): Promise<{ trip: Trip; ownerId: number; entryId: string }> {
  const dataSource = t.server.deps.dataSource;
  const owner = await buildUser(dataSource);
  const trip = await buildTrip(dataSource, owner);
  const [stop] = await dataSource.getRepository(StopEntity).findBy({ tripId: trip.id });
  const entry = await dataSource
    .getRepository(JournalEntryEntity)
    .save({ tripId: trip.id, stopId: stop.id, authorId: owner.id, content: 'Fog over the bridge', entryDate: new Date() });
  return { trip, ownerId: owner.id, entryId: entry.id };
}

describe('photoStorer', () => {
  it('re-encodes the image, writes the file and inserts the row, and answers its URL', async () => {
    const { trip, ownerId, entryId } = await tripWithEntry();

    const stored = await photoStorer(t.server.deps.dataSource, t.server.deps.blobStore, {
      tripId: trip.id,
      journalEntryId: entryId,
      position: 2,
      uploadedBy: ownerId,
      image: await pngDataUrl(),
    });

    expect(stored.url).toBe(`/_api/photos/${stored.photo.id}`);
    expect(photoIdFromUrl(stored.url)).toBe(stored.photo.id);
    const row = await t.server.deps.dataSource.getRepository(PhotoEntity).findOneByOrFail({ id: stored.photo.id });
    expect(row).toMatchObject({
      tripId: trip.id,
      journalEntryId: entryId,
      position: 2,
      uploadedBy: ownerId,
      contentType: 'image/jpeg',
      width: 1920,
      height: 1280,
      storageKey: `${stored.photo.id}.jpg`,
    });
    expect(stored.photo).toEqual(row);
    const file = fs.readFileSync(path.join(uploads, row.storageKey));
    expect(row.byteSize).toBe(file.length);
    expect(await sharp(file).metadata()).toMatchObject({ format: 'jpeg', width: 1920, height: 1280 });
  });

  it('refuses a photo over 5 MB with 413 and stores nothing: no row, no file', async () => {
    const { trip, ownerId } = await tripWithEntry();
    const noise = await sharp(randomBytes(1400 * 1400 * 3), { raw: { width: 1400, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const filesBefore = uploadedFiles();

    const attempt = photoStorer(t.server.deps.dataSource, t.server.deps.blobStore, {
      tripId: trip.id,
      uploadedBy: ownerId,
      image: `data:image/png;base64,${noise.toString('base64')}`,
    });

    await expect(attempt).rejects.toMatchObject({ status: 413, message: messages.photos.tooLarge });
    expect(await t.server.deps.dataSource.getRepository(PhotoEntity).countBy({ tripId: trip.id })).toBe(0);
    expect(uploadedFiles()).toEqual(filesBefore);
  });

  it('removes the file again when the row cannot be inserted', async () => {
    const filesBefore = uploadedFiles();
    const attempt = photoStorer(t.server.deps.dataSource, t.server.deps.blobStore, {
      tripId: '00000000-0000-4000-8000-000000000000',
      image: await pngDataUrl(20, 20),
    });
    await expect(attempt).rejects.toThrow(/foreign key/);
    expect(uploadedFiles()).toEqual(filesBefore);
  });

  it("commits or rolls back with the caller's transaction", async () => {
    const { trip } = await tripWithEntry();
    const image = await pngDataUrl(20, 20);
    let storedInRollback: Awaited<ReturnType<typeof photoStorer>> | undefined;

    await expect(
      t.server.deps.dataSource.transaction(async (manager) => {
        storedInRollback = await photoStorer(manager, t.server.deps.blobStore, { tripId: trip.id, image });
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');

    expect(await t.server.deps.dataSource.getRepository(PhotoEntity).countBy({ tripId: trip.id })).toBe(0);
    // The caller cleans up the blob it no longer has a row for.
    await photoBlobsDeleter(t.server.deps, [storedInRollback!.photo]);
    expect(uploadedFiles()).not.toContain(storedInRollback!.photo.storageKey);
  });
});

describe('photoDeleter and photoBlobsDeleter', () => {
  it("deletes an entry's photo rows, then their files after commit, leaving other photos alone", async () => {
    const { trip, entryId } = await tripWithEntry();
    const { dataSource, blobStore } = t.server.deps;
    const image = await pngDataUrl(20, 20);
    const inEntry = await photoStorer(dataSource, blobStore, { tripId: trip.id, journalEntryId: entryId, image });
    const hero = await photoStorer(dataSource, blobStore, { tripId: trip.id, image });

    const deleted = await dataSource.transaction((manager) => photoDeleter(manager, { tripId: trip.id, journalEntryId: entryId }));
    expect(deleted).toEqual([{ id: inEntry.photo.id, storageKey: inEntry.photo.storageKey }]);
    expect(uploadedFiles()).toContain(inEntry.photo.storageKey);
    await photoBlobsDeleter({ blobStore }, deleted);

    expect(uploadedFiles()).not.toContain(inEntry.photo.storageKey);
    expect(uploadedFiles()).toContain(hero.photo.storageKey);
    const kept = await dataSource.getRepository(PhotoEntity).find({ select: { storageKey: true }, where: { tripId: trip.id } });
    expect(kept.map((photo) => photo.storageKey)).toEqual([hero.photo.storageKey]);
  });

  it('deletes only the listed photos of the given trip', async () => {
    const { trip } = await tripWithEntry();
    const other = await tripWithEntry();
    const { dataSource, blobStore } = t.server.deps;
    const image = await pngDataUrl(20, 20);
    const keep = await photoStorer(dataSource, blobStore, { tripId: trip.id, image });
    const drop = await photoStorer(dataSource, blobStore, { tripId: trip.id, image });
    const foreign = await photoStorer(dataSource, blobStore, { tripId: other.trip.id, image });

    const deleted = await photoDeleter(dataSource, { tripId: trip.id, photoIds: [drop.photo.id, foreign.photo.id] });

    expect(deleted.map((photo) => photo.id)).toEqual([drop.photo.id]);
    expect(await photoDeleter(dataSource, { tripId: trip.id, photoIds: [] })).toEqual([]);
    const left = await dataSource.getRepository(PhotoEntity).findBy([{ id: keep.photo.id }, { id: foreign.photo.id }]);
    expect(left).toHaveLength(2);
  });

  it('logs a blob it could not delete instead of failing the call', async () => {
    const warnings: unknown[] = [];
    const failing: BlobStore = {
      kind: 'local',
      put: async () => {},
      get: async () => null,
      delete: async () => {
        throw new Error('disk on fire');
      },
    };
    const logger = { warn: (...args: unknown[]) => void warnings.push(args) } as never;
    await photoBlobsDeleter({ blobStore: failing, logger }, [{ storageKey: 'a.jpg' }]);
    expect(warnings).toHaveLength(1);
  });
});
