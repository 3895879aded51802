import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { photoStorer, type StoredPhoto } from '../../commands/photoStorer.ts';
import { sessionCreator } from '../../commands/sessionCreator.ts';
import { PhotoEntity, SESSION_COOKIE, type Trip, TripEntity, type User } from '@caravan/engine';
import { addMember, buildTrip, buildUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-photo-route-'));
const t = useTestServer({ dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function tripWithPhoto(): Promise<{ owner: User; trip: Trip; stored: StoredPhoto }> {
  const { dataSource, blobStore } = t.server.deps;
  const owner = await buildUser(dataSource);
  const trip = await buildTrip(dataSource, owner);
  const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#36c' } }).png().toBuffer();
  const stored = await photoStorer(dataSource, blobStore, {
    tripId: trip.id,
    uploadedBy: owner.id,
    image: `data:image/png;base64,${png.toString('base64')}`,
  });
  return { owner, trip, stored };
}

/** The photo's URL through the API client (whose paths start after /_api). */
const fetchPhoto = (url: string, as?: User | null) => t.api.get(url.replace(/^\/_api/, ''), { as });

/** The body as bytes: the API client reads bodies as text. */
async function fetchBytes(url: string, as: User): Promise<Buffer> {
  const token = await sessionCreator(t.server.deps.dataSource, { userId: as.id });
  const response = await fetch(`${t.server.url}${url}`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
  return Buffer.from(await response.arrayBuffer());
}

describe('GET /_api/photos/:id', () => {
  it('serves the stored JPEG to the owner and to members, with its type, nosniff and a private immutable cache', async () => {
    const { owner, trip, stored } = await tripWithPhoto();
    const viewer = await buildUser(t.server.deps.dataSource);
    await addMember(t.server.deps.dataSource, trip, viewer, 'viewer');

    for (const user of [owner, viewer]) {
      const response = await fetchPhoto(stored.url, user);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    }
    const bytes = await fetchBytes(stored.url, viewer);
    expect(bytes.length).toBe(stored.photo.byteSize);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 32 });
  });

  it('answers 404 to a non-member and to an anonymous caller while the trip is private', async () => {
    const { stored } = await tripWithPhoto();
    const stranger = await buildUser(t.server.deps.dataSource);

    for (const as of [stranger, null]) {
      const response = await fetchPhoto(stored.url, as);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.body).toEqual({ error: 'Not found' });
    }
  });

  it('serves anyone while the trip is public, and stops when it goes private again', async () => {
    const { trip, stored } = await tripWithPhoto();
    const stranger = await buildUser(t.server.deps.dataSource);
    const trips = t.server.deps.dataSource.getRepository(TripEntity);

    await trips.update({ id: trip.id }, { isPublic: true });
    expect((await fetchPhoto(stored.url, null)).status).toBe(200);
    expect((await fetchPhoto(stored.url, stranger)).status).toBe(200);
    expect((await fetchPhoto(stored.url, null)).headers.get('content-type')).toBe('image/jpeg');

    await trips.update({ id: trip.id }, { isPublic: false });
    expect((await fetchPhoto(stored.url, null)).status).toBe(404);
  });

  it('answers the same 404 for an unknown id, a malformed id and a row whose file is gone', async () => {
    const { owner, stored } = await tripWithPhoto();
    const unknown = await fetchPhoto('/_api/photos/6f1c1f3e-8d1b-4a55-9a43-2c5c8f0d8e11', owner);
    const malformed = await fetchPhoto("/_api/photos/not-a-uuid'--", owner);
    await t.server.deps.blobStore.delete(stored.photo.storageKey);
    const missingFile = await fetchPhoto(stored.url, owner);

    for (const response of [unknown, malformed, missingFile]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Not found' });
    }
  });

  it('stops serving a photo once its row is gone', async () => {
    const { owner, stored } = await tripWithPhoto();
    await t.server.deps.dataSource.getRepository(PhotoEntity).delete({ id: stored.photo.id });
    expect((await fetchPhoto(stored.url, owner)).status).toBe(404);
  });
});
