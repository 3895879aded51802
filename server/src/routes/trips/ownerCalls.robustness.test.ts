/**
 * No body, however malformed, makes a journal, schedule, drive-time or background call answer 5xx, and a
 * refused call changes nothing. Bodies mix random JSON with the real trip's ids so they get past the
 * access check and reach the commands.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StopEntity } from '../../entities/stop.ts';
import { buildTrip, buildUser } from '../../test/factories.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const t = useTestServer();

const calls = [
  '/trips/stops/journal/create',
  '/trips/stops/journal/update',
  '/trips/stops/journal/delete',
  '/trips/stops/update-planned-date',
  '/trips/stops/auto-schedule',
  '/trips/stops/calculate-travel-time',
  '/trips/hero-image',
];

async function state(tripId: string): Promise<string> {
  const [row] = await t.server.deps.dataSource.query(
    `SELECT (SELECT count(*) FROM journal_entries WHERE trip_id = $1) AS entries,
            (SELECT count(*) FROM photos WHERE trip_id = $1) AS photos,
            (SELECT count(*) FROM trip_doc_updates WHERE trip_id = $1) AS updates,
            (SELECT hero_image FROM trips WHERE id = $1) AS hero,
            (SELECT json_agg(s ORDER BY s.id) FROM (SELECT id, planned_arrival_date, auto_scheduled, estimated_drive_minutes
               FROM stops WHERE trip_id = $1) s) AS stops`,
    [tripId],
  );
  return JSON.stringify(row);
}

describe('journal, schedule and background calls under random bodies', () => {
  it.each(calls)('%s never answers 5xx, and refusals change nothing', async (path) => {
    const { dataSource } = t.server.deps;
    const owner = await buildUser(dataSource);
    const trip = await buildTrip(dataSource, owner);
    const [stop] = await dataSource.getRepository(StopEntity).findBy({ tripId: trip.id });

    const value = fc.oneof(
      fc.constantFrom(trip.id, stop.id, trip.id.toUpperCase(), '1970-01-01', '2025-06-01', 'data:image/png;base64,AAAA', '/_api/photos/' + stop.id),
      fc.string(),
      fc.string().map((text) => `${text}\u0000${text}`),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(fc.string(), fc.constant('data:image/gif;base64,R0lGODlhAQABAAAAACw='))),
      fc.jsonValue(),
    );
    const body = fc.oneof(
      fc.jsonValue().map((json) => JSON.stringify(json)),
      fc.string(),
      fc
        .dictionary(
          fc.constantFrom('tripId', 'stopId', 'entryId', 'content', 'photos', 'entryDate', 'plannedArrivalDate', 'autoScheduled',
            'startDate', 'defaultStayDurationDays', 'fromStopId', 'toStopId', 'heroImage'),
          value,
        )
        .map((json) => JSON.stringify(json)),
    );

    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (raw, signedIn) => {
        const before = await state(trip.id);
        const response = await t.api.post(path, raw, { as: signedIn ? owner : null });
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) {
          expect(typeof response.body?.error).toBe('string');
          expect(await state(trip.id)).toBe(before);
        }
      }),
      { numRuns: 300 },
    );
  });
});
