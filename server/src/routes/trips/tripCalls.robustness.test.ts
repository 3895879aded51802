/**
 * No body, however malformed, makes a call of the trip page answer 5xx, and a refused call changes nothing:
 * not a row of the trip's (or another trip's) data, not a stored file. Every call gets 300 bodies, as the
 * trip's owner so that validation and the commands are what is exercised. Bodies are random JSON, random
 * objects over every field these calls know, and bodies shaped like the call (its fields read from its
 * request schema) with each field drawn from valid values (this trip's ids, another trip's ids, real
 * images) and broken ones, text at Unicode's edges among them, so many get past validation and the access
 * check. Each body is checked against the contract in-process first: the ones it takes go over HTTP, of
 * the ones it refuses a sample (contractGate.ts).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { callNamed, CHARGING_MIN_POWERS_KW, CHARGING_PLUGS, CORRIDOR_CATEGORIES, CORRIDOR_WIDTHS_KM, EXPORT_FORMATS, requestFields, STOP_KINDS } from '@caravan/shared';
import type { Trip, User } from '@caravan/engine';
import { buildTrip, buildUser } from '../../test/factories.ts';
import { addJournalEntry, newStops, pngDataUrl } from '../../test/tripDetailFixtures.ts';
import { tripSnapshot } from '../../test/tripSnapshot.ts';
import { callShapedRecord, edgeText } from '../../test/fuzzValues.ts';
import { goesOverHttp, refusedSample, sendRaw, type FuzzCall } from '../../test/contractGate.ts';
import { fuzzedCalls } from '../../test/fuzzedCalls.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();
const db = () => t.server.deps.dataSource;
const RUNS = 300;

/** Fields no call takes, as a mass-assignment attempt would send them. */
const foreignFields = ['userId', 'role', 'ownerId', 'id', '__proto__', 'constructor'];

interface Fixture {
  owner: User;
  trip: Trip;
  other: Trip;
  stopIds: string[];
  otherStopId: string;
  entryId: string;
  otherEntryId: string;
  photoUrl: string;
  otherPhotoUrl: string;
  shareToken: string;
}

const withStops = (trip: Trip, count: number) => newStops(t.server.deps, trip, count);

/** A public trip of the owner's with stops, a journal entry and a photo; a stranger's private trip likewise. */
async function fixture(): Promise<Fixture> {
  const [owner, stranger] = await Promise.all([buildUser(db()), buildUser(db())]);
  const [trip, other] = await Promise.all([buildTrip(db(), owner), buildTrip(db(), stranger)]);
  const stopIds = await withStops(trip, 3);
  const [otherStopId] = await withStops(other, 1);
  const entry = await addJournalEntry(t.server.deps, { trip, stopId: stopIds[0], authorId: owner.id, content: 'Dunes', entryDate: new Date(), photos: 1 });
  const otherEntry = await addJournalEntry(t.server.deps, { trip: other, stopId: otherStopId, authorId: stranger.id, content: 'Mine', entryDate: new Date(), photos: 1 });
  const shared = await t.api.post('/trips/share', { tripId: trip.id, isPublic: true }, { as: owner });
  expect(shared.status).toBe(200);
  return {
    owner,
    trip,
    other,
    stopIds,
    otherStopId,
    entryId: entry.id,
    otherEntryId: otherEntry.id,
    photoUrl: entry.photoUrls[0],
    otherPhotoUrl: otherEntry.photoUrls[0],
    shareToken: shared.body.shareToken,
  };
}

/** Every row either trip owns, and the blob store's files. */
const state = (f: Fixture) => tripSnapshot(t.server.deps, [f.trip.id, f.other.id]);

let png: string;
beforeAll(async () => {
  png = await pngDataUrl(30, 20);
});

/** Values for each field: right ones, ones of the wrong trip, and broken ones. */
function fieldValues(f: Fixture): Record<string, fc.Arbitrary<unknown>> {
  const junk = fc.oneof(
    fc.string(),
    edgeText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 2 }),
  );
  /** Mostly a valid value, now and then a refused one or junk, so some bodies of many fields get through. */
  const mostly = (valid: unknown[], refused: unknown[]) =>
    fc.oneof({ arbitrary: fc.constantFrom(...valid), weight: 8 }, { arbitrary: fc.constantFrom(...refused), weight: 1 }, { arbitrary: junk, weight: 1 });
  /** Mostly one of these values, now and then junk. */
  const anyOf = (...values: unknown[]) => fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 9 }, { arbitrary: junk, weight: 1 });
  const tripId = anyOf(f.trip.id, f.trip.id.toUpperCase(), f.other.id, randomUUID(), `${f.trip.id} `, '');
  const stopId = anyOf(...f.stopIds, f.stopIds[1].toUpperCase(), f.otherStopId, randomUUID(), 'legacy-' + f.stopIds[0], `${f.stopIds[0]}\ud800`);
  const image = fc.constantFrom(
    png,
    'data:image/png;base64,AAAA',
    'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
    'data:image/svg+xml;base64,PHN2Zy8+',
    'data:image/jpeg;base64,' + 'A'.repeat(3000),
    'data:image/png,not-base64',
    f.photoUrl,
    f.otherPhotoUrl,
    f.photoUrl.toUpperCase(),
    'https://example.com/photo.jpg',
    'http://example.com/photo.jpg',
    'javascript:alert(1)',
    'https://example.com/\ud800.jpg',
    `${f.photoUrl}\u0000`,
  );
  const date = anyOf('2026-06-01', '1970-01-01', '8999-12-31', '9999-12-31', '2026-02-30', '2026-06-01T23:30:00-10:00', '2026-13-01', '0000-01-01');
  const text = fc.oneof(
    { arbitrary: fc.string({ minLength: 1 }), weight: 2 },
    { arbitrary: edgeText, weight: 2 },
    { arbitrary: fc.constantFrom('', '   ', 'x'.repeat(201), 'x'.repeat(5001), '<script>alert(1)</script>', 'Café ☕'), weight: 1 },
    { arbitrary: junk, weight: 1 },
  );
  const number = fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 80 }), weight: 3 },
    { arbitrary: fc.double({ min: -90, max: 90, noNaN: true }), weight: 2 },
    { arbitrary: fc.constantFrom(0, -0, 1, -1, 90, -90.0001, 180.5, 1e308, -1e308, 2 ** 53, 0.5, '12', ' 3 ', '1e3', 'NaN', 'Infinity'), weight: 1 },
    { arbitrary: junk, weight: 1 },
  );
  return {
    tripId,
    stopId,
    fromStopId: stopId,
    toStopId: stopId,
    entryId: anyOf(f.entryId, f.entryId.toUpperCase(), f.otherEntryId, randomUUID()),
    name: text,
    address: text,
    notes: text,
    content: text,
    journalContent: text,
    keyword: fc.oneof(text, fc.constantFrom('coffee', 'museum', 'gas')),
    category: text,
    latitude: number,
    longitude: number,
    radius: number,
    newOrder: number,
    defaultStayDurationDays: number,
    photos: fc.oneof(
      { arbitrary: fc.array(image, { maxLength: 3 }), weight: 4 },
      { arbitrary: fc.constantFrom(null, Array(21).fill(f.photoUrl)), weight: 1 },
      { arbitrary: fc.array(junk, { maxLength: 3 }), weight: 1 },
      { arbitrary: junk, weight: 1 },
    ),
    heroImage: fc.oneof({ arbitrary: image, weight: 4 }, { arbitrary: junk, weight: 1 }),
    entryDate: date,
    plannedArrivalDate: date,
    startDate: date,
    autoScheduled: anyOf(true, false, 'true'),
    endAtLast: anyOf(true, false, 'true', 1),
    pinnedStopIds: fc.oneof(
      { arbitrary: fc.uniqueArray(stopId, { maxLength: 4 }), weight: 4 },
      { arbitrary: fc.array(stopId, { maxLength: 4 }), weight: 1 },
      { arbitrary: junk, weight: 1 },
    ),
    fileName: anyOf('places.csv', 'trip.gpx', 'map.kmz', '', 'x'.repeat(256), 'a\u0000.kml'),
    // Import files as base64: a good one, a GPX in a CSV's name, a DOCTYPE, half a character, not base64.
    data: anyOf(
      Buffer.from('name,lat,lng\nHome,1,2\n').toString('base64'),
      Buffer.from('<gpx><wpt lat="1" lon="2"/></gpx>').toString('base64'),
      Buffer.from('<!DOCTYPE x><kml/>').toString('base64'),
      Buffer.from([0xd8]).toString('base64'),
      'PK',
      '',
    ),
    isPublic: anyOf(true, false, 'false', 0),
    routeMode: anyOf(true, false, 'true', 1),
    countDriveTime: anyOf(true, false, 'true', undefined),
    // Seven road settings and the window's order to keep: mostly valid values, or hardly a body would get through.
    arrivalTime: mostly(['17:00', '19:30', '23:59'], ['00:00', '24:00', '9:30', '12:60', '09:30:00', 930]),
    dailyDriveLimitMinutes: fc.oneof({ arbitrary: fc.constantFrom(60, 480, 1440), weight: 4 }, { arbitrary: number, weight: 1 }, { arbitrary: fc.constantFrom(59, 1441, 90.5), weight: 1 }),
    departureTime: mostly(['09:00', '00:00', '23:59'], ['24:00', '9:30', 900, null]),
    earliestDeparture: mostly(['08:00', '06:30', null], ['16:59', '23:59', '7:5']),
    warnAfterSunset: anyOf(true, false, 'true', 1, null),
    vehicle: mostly(
      [{ kind: 'fuel', rangeKm: 600, reservePercent: 10, departureFillPercent: 100 }, { kind: 'none', rangeKm: null, reservePercent: 10, departureFillPercent: 100 }],
      ['fuel', null, { kind: 'fuel', rangeKm: null, reservePercent: 10, departureFillPercent: 100 }, { kind: 'car', rangeKm: 600, reservePercent: 10, departureFillPercent: 100 }, { kind: 'electric', rangeKm: 5, reservePercent: 51, departureFillPercent: 0 }, { kind: 'either', rangeKm: 400, reservePercent: 10, departureFillPercent: 100, extra: 1 }],
    ),
    refuels: mostly([true, false], ['true', 1, null]),
    kind: mostly([...STOP_KINDS, null], ['SIGHT', 'museum']),
    stayMinutes: mostly([0, 90, 10_080, null], [10_081, -1, 1.5, '90']),
    fixedTime: mostly(['10:30', '00:00', null], ['24:00', '10:30:00']),
    openingHours: fc.oneof(
      { arbitrary: fc.constantFrom('Mo-Fr 09:00-17:00', '24/7', 'Mo-Su 10:00-18:00; Tu off', null), weight: 6 },
      { arbitrary: fc.constantFrom('Mo-Fx', 'Mo-Fr 09:00-17:00\u0000', 'x'.repeat(300)), weight: 1 },
      { arbitrary: text, weight: 1 },
    ),
    overnight: mostly([true, false], ['true', 1]),
    lodging: fc.oneof(
      { arbitrary: fc.constant(null), weight: 2 },
      {
        arbitrary: fc.record({
          name: fc.oneof({ arbitrary: fc.constant('Glen Oaks'), weight: 6 }, { arbitrary: text, weight: 1 }),
          address: mostly([null, '47080 CA-1'], ['x'.repeat(501)]),
          checkIn: mostly(['16:00', null], ['25:00']),
          checkOut: mostly(['11:00', null], ['11']),
          confirmation: fc.oneof({ arbitrary: fc.constant(null), weight: 6 }, { arbitrary: text, weight: 1 }),
          url: mostly(['https://glenoaks.example', null], ['http://glenoaks.example', 'javascript:alert(1)']),
          price: mostly([{ amountMinor: 42_500, currency: 'USD' }, null], [{ amountMinor: 1.5, currency: 'USD' }, { amountMinor: 1, currency: 'XXX' }]),
          nights: mostly([1, 60], [0, 61, 1.5]),
        }, { requiredKeys: ['name'] }),
        weight: 6,
      },
      { arbitrary: junk, weight: 1 },
    ),
    shareToken: anyOf(f.shareToken, f.shareToken.toUpperCase(), 'x'.repeat(101), ''),
    format: anyOf(...EXPORT_FORMATS, 'GPX', 'docx', ''),
    // Along the route: mostly good choices, some repeated, unknown or of the wrong type.
    categories: fc.oneof(
      { arbitrary: fc.uniqueArray(fc.constantFrom(...CORRIDOR_CATEGORIES), { minLength: 1 }), weight: 6 },
      { arbitrary: fc.array(fc.constantFrom(...CORRIDOR_CATEGORIES, 'FUEL', 'casino', ''), { maxLength: 12 }), weight: 1 },
      { arbitrary: junk, weight: 1 },
    ),
    widthKm: mostly([...CORRIDOR_WIDTHS_KM], [0, 3, -5, 1e9, '5', 5.5]),
    plugs: fc.oneof(
      { arbitrary: fc.uniqueArray(fc.constantFrom(...CHARGING_PLUGS)), weight: 4 },
      { arbitrary: fc.array(fc.constantFrom(...CHARGING_PLUGS, 'schuko'), { maxLength: 6 }), weight: 1 },
      { arbitrary: junk, weight: 1 },
    ),
    minPowerKw: mostly([...CHARGING_MIN_POWERS_KW, null], [0, 7, 150.5, '50']),
    // On the road: a real arrival and a delay, mostly good, some past their range or not instants.
    arrivedAt: mostly(['2026-06-01T10:45:00-06:00', '2026-06-01T16:45:00Z', null], ['2026-06-01T10:45', '2026-02-30T10:00:00Z', 'soon', '9'.repeat(41)]),
    delayMinutes: mostly([15, 30, 60, 0, null], [-15, 1441, 30.5, '30']),
  };
}

/** One time in eight a value, otherwise null. */
const rarely = <T,>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(null), weight: 7 }, { arbitrary, weight: 1 });

function bodies(f: Fixture, fields: string[]): fc.Arbitrary<string> {
  const values = fieldValues(f);
  // Every field of the call, now and then one left out or one too many.
  const callShaped = fc
    .tuple(
      callShapedRecord(fields, values),
      rarely(fc.constantFrom(...fields)),
      rarely(fc.tuple(fc.constantFrom(...foreignFields, ...Object.keys(values)), fc.jsonValue({ maxDepth: 1 }))),
    )
    .map(([body, missing, extra]) => {
      const shaped: Record<string, unknown> = { ...body };
      if (missing) delete shaped[missing];
      if (extra) shaped[extra[0]] = extra[1];
      return JSON.stringify(shaped);
    });
  const anyFields = fc
    .dictionary(fc.constantFrom(...Object.keys(values), ...foreignFields), fc.jsonValue({ maxDepth: 2 }))
    .map((body) => JSON.stringify(body));
  const garbage = fc.oneof(
    fc.jsonValue().map((json) => JSON.stringify(json)),
    fc.string(),
    fc.constantFrom('', '{', '[]', 'null', '{"tripId":', '{"__proto__":{"isPublic":true}}', '\u0000'),
  );
  return fc.oneof({ arbitrary: callShaped, weight: 8 }, { arbitrary: anyFields, weight: 1 }, { arbitrary: garbage, weight: 1 });
}

describe('trip detail calls under random bodies, as the owner', () => {
  it.each(fuzzedCalls.tripDetail)('%s never answers 5xx, and refusals change nothing', { timeout: 180_000 }, async (name) => {
    const call: FuzzCall = { contract: callNamed(name) };
    const f = await fixture();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(bodies(f, requestFields(call.contract)), refusedSample, async (raw, sampled) => {
        if (!goesOverHttp(call, raw, sampled)) return;
        const before = await state(f);
        const response = await sendRaw(t.api, call, raw, f.owner);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) {
          expect(typeof response.body?.error).toBe('string');
          expect(await state(f)).toBe(before);
        }
      }),
      { numRuns: RUNS },
    );
    // Some bodies must get through validation, or the commands were never exercised.
    expect([...statuses.keys()].some((status) => status < 300 || status === 403 || status === 404)).toBe(true);
  });

  it('GET /photos/:id answers 200 or 404 to any id, never 5xx', { timeout: 180_000 }, async () => {
    const f = await fixture();
    const id = (url: string) => url.split('/').pop()!;
    const segment = fc.oneof(
      fc.constantFrom(id(f.photoUrl), id(f.photoUrl).toUpperCase(), id(f.otherPhotoUrl), f.stopIds[0], '..', '%2e%2e', '%00', 'a'.repeat(5000)),
      fc.uuid(),
      fc.string({ minLength: 1 }).map(encodeURIComponent),
    );
    await fc.assert(
      fc.asyncProperty(segment, fc.boolean(), async (photoId, signedIn) => {
        const response = await t.api.get(`/photos/${photoId}`, { as: signedIn ? f.owner : null });
        expect(response.status).toBeLessThan(500);
        expect([200, 404]).toContain(response.status);
      }),
      { numRuns: RUNS },
    );
  });
});
