/**
 * Both doors take the same stop values: for every field of the one table (shared/src/contracts/stopFields.ts),
 * values under, at and over its limits and of the wrong type are put to the REST request that writes the field
 * and to the live door's check of a member's update; each door accepts exactly what the other does.
 */
import { describe, expect, it } from 'vitest';
import {
  coordinateInput,
  trimmedInput,
  JOURNAL_CONTENT_MAX_LENGTH,
  JOURNAL_MAX_PHOTOS,
  STOP_ADDRESS_MAX_LENGTH,
  STOP_NAME_MAX_LENGTH,
  STOP_NOTES_MAX_LENGTH,
  stopFields,
  stopsMap,
  ZAddStopRequest,
  ZUpdatePlannedDateRequest,
  ZUpdateStopContentRequest,
} from '@caravan/shared';
import { checkClientUpdate } from './permissions.ts';
import { editOnFreshClient, serverDoc } from './test/tripDocUpdates.ts';

const tripId = '00000000-0000-4000-8000-0000000000aa';
const stopId = '00000000-0000-4000-8000-000000000061';
type Field = keyof typeof stopFields;

/** The REST request that writes each field, around a value for it; `input` is how REST reads a value before the rule. */
const restDoor: Record<Field, { request: { safeParse: (body: unknown) => { success: boolean } }; body: object; input?: (value: unknown) => unknown }> = {
  name: { request: ZAddStopRequest, body: { tripId }, input: trimmedInput },
  address: { request: ZAddStopRequest, body: { tripId, name: 'Carmel' }, input: trimmedInput },
  notes: { request: ZAddStopRequest, body: { tripId, name: 'Carmel' }, input: trimmedInput },
  latitude: { request: ZAddStopRequest, body: { tripId, name: 'Carmel' }, input: coordinateInput },
  longitude: { request: ZAddStopRequest, body: { tripId, name: 'Carmel' }, input: coordinateInput },
  plannedArrivalDate: { request: ZUpdatePlannedDateRequest, body: { tripId, stopId, autoScheduled: false } },
  autoScheduled: { request: ZUpdatePlannedDateRequest, body: { tripId, stopId, plannedArrivalDate: '2026-06-01' } },
  journalContent: { request: ZUpdateStopContentRequest, body: { tripId, stopId } },
  photos: { request: ZUpdateStopContentRequest, body: { tripId, stopId } },
};

const text = (max: number) => ['', ' ', 'Carmel', ` ${'x'.repeat(max - 1)} `, 'x'.repeat(max - 1), 'x'.repeat(max), 'x'.repeat(max + 1), `${'x'.repeat(max)} `, 'a\u0000b'];
const photo = (n: number) => `https://images.example.com/${n}.jpg`;
const wrongTypes = [true, 42, {}, [], ['Carmel']];

const values: Record<Field, unknown[]> = {
  name: [...text(STOP_NAME_MAX_LENGTH), null, ...wrongTypes],
  address: [...text(STOP_ADDRESS_MAX_LENGTH), null, ...wrongTypes],
  notes: [...text(STOP_NOTES_MAX_LENGTH), null, ...wrongTypes],
  latitude: [-90.0001, -90, 0, 36.6, 90, 90.0001, Number.NaN, Infinity, '36.6', '91', 'north', '', null, true, {}, [36.6]],
  longitude: [-180.0001, -180, -121.9, 180, 180.0001, Number.NaN, '-121.9', '-181', 'west', '', null, true, {}],
  // null is the document's "no date"; the REST call clears a date with the epoch, so null is not put to it.
  plannedArrivalDate: ['2026-06-01', '2026-06-01T00:00:00.000Z', '2026-06-01T23:30:00+02:00', '1970-01-01', '1969-12-31', '8999-12-31', '9000-01-01', '2026-02-30', `2026-06-01T00:00:00.000${'0'.repeat(20)}Z`, 'soon', '', ...wrongTypes],
  autoScheduled: [true, false, 'true', 0, 1, null, {}],
  journalContent: [...text(JOURNAL_CONTENT_MAX_LENGTH), null, ...wrongTypes],
  photos: [
    null,
    [],
    Array.from({ length: JOURNAL_MAX_PHOTOS - 1 }, (_, n) => photo(n)),
    Array.from({ length: JOURNAL_MAX_PHOTOS }, (_, n) => photo(n)),
    Array.from({ length: JOURNAL_MAX_PHOTOS + 1 }, (_, n) => photo(n)),
    ['/_api/photos/00000000-0000-4000-8000-000000000000'],
    ['/_api/photos/elsewhere'],
    [`https://images.example.com/${'a'.repeat(2048)}.jpg`],
    ['http://images.example.com/1.jpg'],
    ['javascript:alert(1)'],
    ['https://'],
    [5],
    'https://images.example.com/1.jpg',
    true,
    {},
  ],
};

const restAccepts = (field: Field, value: unknown) => restDoor[field].request.safeParse({ ...restDoor[field].body, [field]: value }).success;

/** The owner's update writing `value` into a stop, as the live door judges it (the owner may write every field here). */
function liveAccepts(field: Field, value: unknown): boolean {
  const server = serverDoc();
  const update = editOnFreshClient(server, (client) => stopsMap(client).get(stopId)!.set(field, value as never));
  return checkClientUpdate(server, update, { role: 'owner' }).ok;
}

describe('stop field limits at both doors', () => {
  it('lists every field of the table with the REST request that writes it', () => {
    expect(Object.keys(restDoor).sort()).toEqual(Object.keys(stopFields).sort());
  });

  it.each(Object.keys(values) as Field[])('%s: each door accepts exactly the values the other does', (field) => {
    const verdicts = values[field].map((value) => {
      const input = restDoor[field].input?.(value) ?? value;
      return { value: JSON.stringify(value)?.slice(0, 60), rest: restAccepts(field, value), live: liveAccepts(field, input) };
    });
    expect(verdicts.filter((verdict) => verdict.rest !== verdict.live)).toEqual([]);
    // The values reach both sides of every limit.
    expect(new Set(verdicts.map((verdict) => verdict.rest))).toEqual(new Set([true, false]));
  });
});
