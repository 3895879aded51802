import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { addStop, JOURNAL_MAX_PHOTOS, messages, metaMap } from '@caravan/shared';
import { JournalEntryEntity, PhotoEntity, serverOrigin, StopEntity } from '@caravan/engine';
import { photoIdFromUrl } from '../../lib/photoUrls.ts';
import { buildTrip } from '../../test/factories.ts';
import { sessionCookieFor } from '../../test/sessionCookie.ts';
import { ownerOnlyRefusals, tripWithCrew, type Crew } from '../../test/tripWithCrew.ts';
import { useUploadsTestServer } from '../../test/useUploadsTestServer.ts';

const { t, uploadedFiles, photoFile } = useUploadsTestServer('caravan-journal-');

let red: string;
let blue: string;
beforeAll(async () => {
  const image = async (background: string) =>
    `data:image/png;base64,${(await sharp({ create: { width: 64, height: 48, channels: 3, background } }).png().toBuffer()).toString('base64')}`;
  red = await image('#c33');
  blue = await image('#33c');
});

interface Scenario extends Crew {
  stopId: string;
}

async function scenario(): Promise<Scenario> {
  const crew = await tripWithCrew(t.server.deps.dataSource);
  const [stop] = await t.server.deps.dataSource.getRepository(StopEntity).findBy({ tripId: crew.trip.id });
  return { ...crew, stopId: stop.id };
}

const counts = async (tripId: string) => ({
  entries: await t.server.deps.dataSource.getRepository(JournalEntryEntity).countBy({ tripId }),
  photos: await t.server.deps.dataSource.getRepository(PhotoEntity).countBy({ tripId }),
  files: uploadedFiles().length,
});

const journalsVersion = async (tripId: string) =>
  (metaMap((await t.server.deps.tripDocs.open(tripId))!.doc).get('journalsVersion') as number | undefined) ?? 0;

async function createEntry(s: Scenario, overrides: Record<string, unknown> = {}) {
  const response = await t.api.post(
    '/trips/stops/journal/create',
    { tripId: s.trip.id, stopId: s.stopId, content: 'Fog over the bridge', photos: [], entryDate: '2025-06-01', ...overrides },
    { as: s.owner },
  );
  expect(response.status).toBe(201);
  return response.body;
}

describe('POST /trips/stops/journal/create', () => {
  it('creates the entry with its photos stored, served as JPEG, and tells connected members', async () => {
    const s = await scenario();
    const versionBefore = await journalsVersion(s.trip.id);
    const entry = await createEntry(s, { photos: [red, blue], entryDate: '2025-06-01T18:30:00Z' });

    expect(Object.keys(entry).sort()).toEqual(['content', 'createdAt', 'entryDate', 'id', 'photos', 'stopId']);
    expect(entry).toMatchObject({ stopId: s.stopId, content: 'Fog over the bridge', entryDate: '2025-06-01T18:30:00.000Z' });
    expect(entry.photos).toHaveLength(2);
    const rows = await t.server.deps.dataSource
      .getRepository(PhotoEntity)
      .find({ where: { journalEntryId: entry.id }, order: { position: 'ASC' } });
    expect(rows.map((row) => `/_api/photos/${row.id}`)).toEqual(entry.photos);
    expect(rows.map((row) => [row.position, row.tripId, row.uploadedBy])).toEqual([
      [0, s.trip.id, s.owner.id],
      [1, s.trip.id, s.owner.id],
    ]);
    for (const url of entry.photos) {
      expect((await fetch(`${t.server.url}${url}`)).status).toBe(404); // anonymous, private trip
      const asViewer = await t.api.get(url.replace('/_api', ''), { as: s.viewer });
      expect(asViewer.status).toBe(200);
      expect(asViewer.headers.get('content-type')).toBe('image/jpeg');
      expect(uploadedFiles()).toContain(photoFile(url));
    }
    // The two photos keep their own colours: the order is the order sent.
    const [first] = entry.photos;
    const bytes = Buffer.from(await (await fetch(`${t.server.url}${first}`, { headers: { cookie: await sessionCookieFor(t.server.deps.dataSource, s.owner) } })).arrayBuffer());
    const { dominant } = await sharp(bytes).stats();
    expect(dominant.r).toBeGreaterThan(dominant.b);

    expect(await journalsVersion(s.trip.id)).toBe(versionBefore + 1);
    const [row] = await t.server.deps.dataSource.getRepository(JournalEntryEntity).findBy({ id: entry.id });
    expect(row).toMatchObject({ tripId: s.trip.id, stopId: s.stopId, authorId: s.owner.id, content: 'Fog over the bridge' });
  });

  it('accepts null content and null photos; blank text is stored as no text', async () => {
    const s = await scenario();
    expect(await createEntry(s, { content: null, photos: null })).toMatchObject({ content: null, photos: [] });
    expect(await createEntry(s, { content: '   ' })).toMatchObject({ content: null });
  });

  it('refuses NUL characters like every call does, storing nothing', async () => {
    const s = await scenario();
    const before = await counts(s.trip.id);
    const response = await t.api.post(
      '/trips/stops/journal/create',
      { tripId: s.trip.id, stopId: s.stopId, content: 'Big\u0000 Sur', photos: [], entryDate: '2025-06-01' },
      { as: s.owner },
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(messages.validation.textNotAllowed);
    expect(await counts(s.trip.id)).toEqual(before);
  });

  it.each([['owner', 201], ...ownerOnlyRefusals] as const)('as %s answers %i and, when refused, stores nothing', async (who, status) => {
    const s = await scenario();
    const before = await counts(s.trip.id);
    const filesBefore = uploadedFiles();
    const as = who === 'anonymous' ? null : s[who];
    const response = await t.api.post(
      '/trips/stops/journal/create',
      { tripId: s.trip.id, stopId: s.stopId, content: 'Hello', photos: [red], entryDate: '2025-06-01' },
      { as },
    );
    expect(response.status).toBe(status);
    if (status === 201) return;
    expect(response.body.error).toBe(
      status === 403 ? messages.common.forbidden : status === 404 ? messages.trips.notFound : messages.auth.notAuthenticated,
    );
    expect(await counts(s.trip.id)).toEqual(before);
    expect(uploadedFiles()).toEqual(filesBefore);
  });

  it.each([
    [{ tripId: 'nope' }, messages.validation.invalidTripId],
    [{ stopId: 'nope' }, messages.stops.invalidId],
    [{ entryDate: 'yesterday' }, messages.journal.invalidEntryDate],
    [{ entryDate: '2025-02-30' }, messages.journal.invalidEntryDate],
    [{ entryDate: undefined }, messages.journal.invalidEntryDate],
    [{ content: 42 }, messages.journal.invalidContent],
    [{ content: 'x'.repeat(50_001) }, messages.journal.contentTooLong(50_000)],
    [{ photos: ['https://example.com/cat.jpg'] }, messages.journal.invalidPhotos],
    [{ photos: 'data:image/png;base64,AAAA' }, messages.journal.invalidPhotos],
    [{ photos: Array(JOURNAL_MAX_PHOTOS + 1).fill('/_api/photos/00000000-0000-4000-8000-000000000000') }, messages.journal.tooManyPhotos(20)],
    [{ userId: 1 }, 'Unrecognized extra properties: userId'],
  ])('refuses %j with the message and stores nothing', async (override, message) => {
    const s = await scenario();
    const before = await counts(s.trip.id);
    const response = await t.api.post(
      '/trips/stops/journal/create',
      { tripId: s.trip.id, stopId: s.stopId, content: 'Hello', photos: [], entryDate: '2025-06-01', ...override },
      { as: s.owner },
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(message);
    expect(await counts(s.trip.id)).toEqual(before);
  });

  it('checks what the photo really is: text dressed as a PNG is refused, over 5 MB is 413', async () => {
    const s = await scenario();
    const before = await counts(s.trip.id);
    const fake = `data:image/png;base64,${Buffer.from('<svg onload="alert(1)"></svg>').toString('base64')}`;
    const fakeResponse = await t.api.post(
      '/trips/stops/journal/create',
      { tripId: s.trip.id, stopId: s.stopId, content: null, photos: [red, fake], entryDate: '2025-06-01' },
      { as: s.owner },
    );
    expect(fakeResponse.status).toBe(400);
    expect(fakeResponse.body.error).toBe(messages.photos.unsupportedType);

    const huge = `data:image/jpeg;base64,${'A'.repeat(Math.ceil((5 * 1024 * 1024 + 10) / 3) * 4)}`;
    const hugeResponse = await t.api.post(
      '/trips/stops/journal/create',
      { tripId: s.trip.id, stopId: s.stopId, content: null, photos: [huge], entryDate: '2025-06-01' },
      { as: s.owner },
    );
    expect(hugeResponse.status).toBe(413);
    expect(hugeResponse.body.error).toBe(messages.photos.tooLarge);
    expect(await counts(s.trip.id)).toEqual(before);
  });

  it('answers 404 for a stop that is not on this trip', async () => {
    const s = await scenario();
    const other = await scenario();
    const before = await counts(s.trip.id);
    for (const stopId of [randomUUID(), other.stopId]) {
      const response = await t.api.post(
        '/trips/stops/journal/create',
        { tripId: s.trip.id, stopId, content: 'Hi', photos: [red], entryDate: '2025-06-01' },
        { as: s.owner },
      );
      expect(response.status).toBe(404);
      expect(response.body.error).toBe(messages.stops.notFound);
    }
    expect(await counts(s.trip.id)).toEqual(before);
  });

  it("removes the files it stored when the entry fails after them (another trip's photo listed)", async () => {
    const s = await scenario();
    const other = await scenario();
    const foreign = await createEntry(other, { photos: [blue] });
    const before = await counts(s.trip.id);
    const filesBefore = uploadedFiles();
    const response = await t.api.post(
      '/trips/stops/journal/create',
      { tripId: s.trip.id, stopId: s.stopId, content: 'Hi', photos: [red, foreign.photos[0]], entryDate: '2025-06-01' },
      { as: s.owner },
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(messages.journal.photoNotInTrip);
    expect(await counts(s.trip.id)).toEqual(before);
    expect(uploadedFiles()).toEqual(filesBefore);
  });

  it("copies a photo of the same trip listed by URL, so deleting the first entry keeps the second's", async () => {
    const s = await scenario();
    const first = await createEntry(s, { photos: [red] });
    const second = await createEntry(s, { photos: [first.photos[0]] });
    expect(second.photos[0]).not.toBe(first.photos[0]);
    expect((await t.api.post('/trips/stops/journal/delete', { tripId: s.trip.id, entryId: first.id }, { as: s.owner })).status).toBe(200);
    const served = await t.api.get(second.photos[0].replace('/_api', ''), { as: s.owner });
    expect(served.status).toBe(200);
    expect(uploadedFiles()).not.toContain(photoFile(first.photos[0]));
  });

  it('works on a stop added through the live document', async () => {
    const s = await scenario();
    const stopId = randomUUID();
    await t.server.deps.tripDocs.write(s.trip.id, serverOrigin(s.owner.id), ({ doc, transact }) =>
      transact(() => addStop(doc, stopId, { name: 'Monterey', latitude: 36.6, longitude: -121.9 })),
    );
    expect(await createEntry({ ...s, stopId })).toMatchObject({ stopId });
  });
});

describe('POST /trips/stops/journal/update', () => {
  it('keeps listed photos, stores new ones, deletes dropped ones (row and file) and follows the new order', async () => {
    const s = await scenario();
    const entry = await createEntry(s, { photos: [red, blue] });
    const [kept, dropped] = entry.photos;
    const versionBefore = await journalsVersion(s.trip.id);

    const response = await t.api.post(
      '/trips/stops/journal/update',
      { tripId: s.trip.id, entryId: entry.id, content: 'Sun came out', photos: [red, kept], entryDate: '2025-06-02' },
      { as: s.owner },
    );

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: entry.id, content: 'Sun came out', entryDate: '2025-06-02T00:00:00.000Z', createdAt: entry.createdAt });
    const [added, keptAgain] = response.body.photos;
    expect(keptAgain).toBe(kept);
    expect(added).not.toBe(dropped);
    const rows = await t.server.deps.dataSource
      .getRepository(PhotoEntity)
      .find({ where: { journalEntryId: entry.id }, order: { position: 'ASC' } });
    expect(rows.map((row) => `/_api/photos/${row.id}`)).toEqual([added, kept]);
    expect(await t.server.deps.dataSource.getRepository(PhotoEntity).countBy({ id: photoIdFromUrl(dropped)! })).toBe(0);
    expect(uploadedFiles()).not.toContain(photoFile(dropped));
    expect(uploadedFiles()).toContain(photoFile(kept));
    expect((await t.api.get(dropped.replace('/_api', ''), { as: s.owner })).status).toBe(404);
    expect(await journalsVersion(s.trip.id)).toBe(versionBefore + 1);
    const row = await t.server.deps.dataSource.getRepository(JournalEntryEntity).findOneByOrFail({ id: entry.id });
    expect(row.content).toBe('Sun came out');
    expect(row.entryDate.toISOString()).toBe('2025-06-02T00:00:00.000Z');
  });

  it('null photos removes them all', async () => {
    const s = await scenario();
    const entry = await createEntry(s, { photos: [red] });
    const response = await t.api.post(
      '/trips/stops/journal/update',
      { tripId: s.trip.id, entryId: entry.id, content: 'No pictures', photos: null, entryDate: '2025-06-01' },
      { as: s.owner },
    );
    expect(response.body.photos).toEqual([]);
    expect(uploadedFiles()).not.toContain(photoFile(entry.photos[0]));
  });

  it.each(ownerOnlyRefusals)('as %s answers %i and changes nothing', async (who, status) => {
    const s = await scenario();
    const entry = await createEntry(s, { photos: [red] });
    const before = await counts(s.trip.id);
    const response = await t.api.post(
      '/trips/stops/journal/update',
      { tripId: s.trip.id, entryId: entry.id, content: 'Hacked', photos: [], entryDate: '2025-06-01' },
      { as: who === 'anonymous' ? null : s[who] },
    );
    expect(response.status).toBe(status);
    expect(await counts(s.trip.id)).toEqual(before);
    const row = await t.server.deps.dataSource.getRepository(JournalEntryEntity).findOneByOrFail({ id: entry.id });
    expect(row.content).toBe('Fog over the bridge');
  });

  it.each([
    [{ entryId: 'legacy-123' }, 400, messages.journal.invalidEntryId],
    [{ photos: undefined }, 400, messages.journal.invalidPhotos],
    [{ stopId: '3f0c3a43-5d3a-4c2f-9f0b-7d3f1c2b1a00' }, 400, 'Unrecognized extra properties: stopId'],
    [{ entryId: randomUUID() }, 404, messages.journal.entryNotFound],
  ])('refuses %j', async (override, status, message) => {
    const s = await scenario();
    const entry = await createEntry(s, { photos: [red] });
    const before = await counts(s.trip.id);
    const response = await t.api.post(
      '/trips/stops/journal/update',
      { tripId: s.trip.id, entryId: entry.id, content: 'x', photos: [], entryDate: '2025-06-01', ...override },
      { as: s.owner },
    );
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(message);
    expect(await counts(s.trip.id)).toEqual(before);
  });

  it("answers 404 for another trip's entry, even to someone who owns both trips", async () => {
    const s = await scenario();
    const otherTrip = await buildTrip(t.server.deps.dataSource, s.owner);
    const entry = await createEntry(s, { photos: [red] });
    const response = await t.api.post(
      '/trips/stops/journal/update',
      { tripId: otherTrip.id, entryId: entry.id, content: 'x', photos: [], entryDate: '2025-06-01' },
      { as: s.owner },
    );
    expect(response.status).toBe(404);
    expect(await t.server.deps.dataSource.getRepository(PhotoEntity).countBy({ journalEntryId: entry.id })).toBe(1);
  });
});

describe('POST /trips/stops/journal/delete', () => {
  it('deletes the entry, its photo rows and their files', async () => {
    const s = await scenario();
    const entry = await createEntry(s, { photos: [red, blue] });
    const response = await t.api.post('/trips/stops/journal/delete', { tripId: s.trip.id, entryId: entry.id }, { as: s.owner });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect(await counts(s.trip.id)).toMatchObject({ entries: 0, photos: 0 });
    for (const url of entry.photos) {
      expect(uploadedFiles()).not.toContain(photoFile(url));
      expect((await t.api.get(url.replace('/_api', ''), { as: s.owner })).status).toBe(404);
    }
    const again = await t.api.post('/trips/stops/journal/delete', { tripId: s.trip.id, entryId: entry.id }, { as: s.owner });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(messages.journal.entryNotFound);
  });

  it.each(ownerOnlyRefusals)('as %s answers %i and deletes nothing', async (who, status) => {
    const s = await scenario();
    const entry = await createEntry(s, { photos: [red] });
    const before = await counts(s.trip.id);
    const response = await t.api.post(
      '/trips/stops/journal/delete',
      { tripId: s.trip.id, entryId: entry.id },
      { as: who === 'anonymous' ? null : s[who] },
    );
    expect(response.status).toBe(status);
    expect(await counts(s.trip.id)).toEqual(before);
    expect(uploadedFiles()).toContain(photoFile(entry.photos[0]));
  });
});
