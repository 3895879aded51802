/** The sweep of stored photos nothing in their trip lists: receipts left by live-door deletes and abandoned uploads go once the trip is a day quiet; listed and young ones stay. */
import { describe, expect, it } from 'vitest';
import { expensesMap } from '@caravan/shared';
import { PhotoEntity } from '@caravan/engine';
import { addStops, pngDataUrl } from '../test/tripDetailFixtures.ts';
import { tripWithCrew } from '../test/tripWithCrew.ts';
import { useTestServer } from '../test/useTestServer.ts';
import { UNLISTED_PHOTO_GRACE_MS, UNLISTED_PHOTO_QUIET_MS, unlistedPhotosSweeper } from './unlistedPhotosSweeper.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;

describe('unlistedPhotosSweeper', () => {
  it("deletes a receipt no expense carries once past the grace period, and keeps what a stop or expense lists", async () => {
    const crew = await tripWithCrew(db());
    const { trip, viewer, owner } = crew;
    const upload = async () => (await t.api.post('/trips/costs/receipts', { tripId: trip.id, image: await pngDataUrl() }, { as: viewer })).body.url as string;
    const photoOf = (url: string) => db().getRepository(PhotoEntity).findOneBy({ id: url.split('/').pop()! });
    const [dropped, listed, abandoned] = [await upload(), await upload(), await upload()];
    const keys = await Promise.all([dropped, listed, abandoned].map(async (url) => (await photoOf(url))!.storageKey));
    const expense = (receiptPhoto: string) => ({
      tripId: trip.id,
      description: 'Fuel',
      amount: 4200,
      currency: 'EUR',
      paidBy: viewer.id,
      date: '2026-07-01',
      category: 'fuel',
      split: { kind: 'equal', parts: [{ userId: viewer.id, value: 1 }] },
      receiptPhoto,
    });
    const gone = (await t.api.post('/trips/costs/expenses', expense(dropped), { as: viewer })).body.id;
    await t.api.post('/trips/costs/expenses', expense(listed), { as: viewer });
    const [stop] = await addStops(t.server.deps, trip, owner, ['Reno']);
    const content = { tripId: trip.id, stopId: stop.id, journalContent: '', photos: [await pngDataUrl()] };
    const stopPhoto = (await t.api.post('/trips/stops/update-content', content, { as: owner })).body.photos[0] as string;
    // The live door's delete, as its commit leaves the document: the expense is gone, its receipt's row and bytes are not.
    const live = { source: 'connection' as const, connectionId: 'live', userId: viewer.id };
    await t.server.deps.tripDocs.write(trip.id, live, ({ doc, transact }) => transact(() => expensesMap(doc).delete(gone)));
    expect(await photoOf(dropped)).not.toBeNull();

    // Within the grace period nothing goes: an upload may be on its way into an expense.
    expect(await unlistedPhotosSweeper(t.server.deps)).toBe(0);
    // Past that, nothing goes while the trip was edited within the day: an Undo in a page still open may bring
    // the expense back, and its receipt with it.
    expect(await unlistedPhotosSweeper(t.server.deps, new Date(Date.now() + UNLISTED_PHOTO_GRACE_MS + 60_000))).toBe(0);
    expect(await photoOf(dropped)).not.toBeNull();
    const later = new Date(Date.now() + UNLISTED_PHOTO_QUIET_MS + 60_000);
    expect(await unlistedPhotosSweeper(t.server.deps, later)).toBe(2);
    expect(await photoOf(dropped)).toBeNull();
    expect(await photoOf(abandoned)).toBeNull();
    expect(await t.server.deps.blobStore.get(keys[0])).toBeNull();
    expect(await t.server.deps.blobStore.get(keys[2])).toBeNull();
    expect(await t.server.deps.blobStore.get(keys[1])).not.toBeNull();
    expect((await t.api.get(listed.replace('/_api', ''), { as: owner })).status).toBe(200);
    expect((await t.api.get(stopPhoto.replace('/_api', ''), { as: owner })).status).toBe(200);
  });
});
