import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, metaMap } from '@caravan/shared';
import { photoIdFromUrl } from '../../lib/photoUrls.ts';
import { PhotoEntity, TripEntity } from '@caravan/engine';
import { ownerOnlyRefusals, tripWithCrew } from '../../test/tripWithCrew.ts';
import { useUploadsTestServer } from '../../test/useUploadsTestServer.ts';

const { t, uploadedFiles, photoFile } = useUploadsTestServer('caravan-hero-');

let landscape: string;
let webp: string;
beforeAll(async () => {
  const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#48a' } }).png().toBuffer();
  landscape = `data:image/png;base64,${png.toString('base64')}`;
  const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a84' } }).webp().toBuffer();
  webp = `data:image/webp;base64,${small.toString('base64')}`;
});

const scenario = () => tripWithCrew(t.server.deps.dataSource);

const heroOf = async (tripId: string) => (await t.server.deps.dataSource.getRepository(TripEntity).findOneByOrFail({ id: tripId })).heroImage;
const metaHero = async (tripId: string) => metaMap((await t.server.deps.tripDocs.open(tripId))!.doc).get('heroImage');
const photoCount = (tripId: string) => t.server.deps.dataSource.getRepository(PhotoEntity).countBy({ tripId });

describe('POST /trips/hero-image', () => {
  it('stores the image re-encoded, points the trip at it and mirrors it to connected members', async () => {
    const s = await scenario();
    const response = await t.api.post('/trips/hero-image', { tripId: s.trip.id, heroImage: landscape }, { as: s.owner });

    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['heroImage']);
    const { heroImage } = response.body;
    expect(heroImage).toMatch(/^\/_api\/photos\/[0-9a-f-]{36}$/);
    expect(await heroOf(s.trip.id)).toBe(heroImage);
    expect(await metaHero(s.trip.id)).toBe(heroImage);
    const photo = await t.server.deps.dataSource.getRepository(PhotoEntity).findOneByOrFail({ id: photoIdFromUrl(heroImage)! });
    expect(photo).toMatchObject({ tripId: s.trip.id, journalEntryId: null, width: 1920, height: 960, contentType: 'image/jpeg' });

    const served = await t.api.get(heroImage.replace('/_api', ''), { as: s.viewer });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('replacing the background deletes the old one, row and file', async () => {
    const s = await scenario();
    const first = (await t.api.post('/trips/hero-image', { tripId: s.trip.id, heroImage: landscape }, { as: s.owner })).body.heroImage;
    expect(uploadedFiles()).toContain(photoFile(first));

    const response = await t.api.post('/trips/hero-image', { tripId: s.trip.id, heroImage: webp }, { as: s.owner });

    expect(response.status).toBe(200);
    const second = response.body.heroImage;
    expect(second).not.toBe(first);
    expect(await heroOf(s.trip.id)).toBe(second);
    expect(await metaHero(s.trip.id)).toBe(second);
    expect(uploadedFiles()).not.toContain(photoFile(first));
    expect(uploadedFiles()).toContain(photoFile(second));
    expect(await photoCount(s.trip.id)).toBe(1);
    expect((await t.api.get(first.replace('/_api', ''), { as: s.owner })).status).toBe(404);
  });

  it('leaves a previous background alone when it was not one of ours', async () => {
    const s = await scenario();
    await t.server.deps.dataSource.getRepository(TripEntity).update({ id: s.trip.id }, { heroImage: 'https://images.example.com/coast.jpg' });
    const response = await t.api.post('/trips/hero-image', { tripId: s.trip.id, heroImage: webp }, { as: s.owner });
    expect(response.status).toBe(200);
    expect(await heroOf(s.trip.id)).toBe(response.body.heroImage);
  });

  it.each(ownerOnlyRefusals)('as %s answers %i and changes nothing', async (who, status) => {
    const s = await scenario();
    const filesBefore = uploadedFiles();
    const response = await t.api.post('/trips/hero-image', { tripId: s.trip.id, heroImage: webp }, { as: who === 'anonymous' ? null : s[who] });
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(
      status === 403 ? messages.common.forbidden : status === 404 ? messages.trips.notFound : messages.auth.notAuthenticated,
    );
    expect(await heroOf(s.trip.id)).toBeNull();
    expect(await photoCount(s.trip.id)).toBe(0);
    expect(uploadedFiles()).toEqual(filesBefore);
  });

  it.each([
    [{ tripId: 'not-a-uuid' }, 400, messages.validation.invalidTripId],
    [{ tripId: undefined }, 400, messages.validation.invalidTripId],
    [{ heroImage: 'https://images.example.com/coast.jpg' }, 400, messages.photos.invalidDataUrl],
    [{ heroImage: undefined }, 400, messages.photos.invalidDataUrl],
    [{ heroImage: 'data:text/html;base64,PGI+aGk8L2I+' }, 400, messages.photos.invalidDataUrl],
    [{ heroImage: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}` }, 400, messages.photos.unsupportedType],
    [{ heroImage: 'data:image/png;base64,@@@@' }, 400, messages.photos.invalidDataUrl],
    [{ heroImage: `data:image/jpeg;base64,${'A'.repeat(7_000_000)}` }, 413, messages.photos.tooLarge],
    [{ isPublic: true }, 400, 'Unrecognized extra properties: isPublic'],
  ])('refuses %j and changes nothing', async (override, status, message) => {
    const s = await scenario();
    const filesBefore = uploadedFiles();
    const response = await t.api.post('/trips/hero-image', { tripId: s.trip.id, heroImage: webp, ...override }, { as: s.owner });
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(message);
    expect(await heroOf(s.trip.id)).toBeNull();
    expect(await photoCount(s.trip.id)).toBe(0);
    expect(uploadedFiles()).toEqual(filesBefore);
  });
});
