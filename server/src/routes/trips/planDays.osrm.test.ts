/**
 * POST /trips/stops/plan-days with OSRM_URL set (docs/product.md#plan-my-days): the days' drives come from OSRM's
 * /table (the stand-in speaking its protocol), the same matrix Optimise route reads, asked once for the trip's
 * located stops.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addStop, ZPlanDaysResponse } from '@caravan/shared';
import { serverOrigin } from '@caravan/engine';
import { standInDrive } from '@caravan/engine/test';
import { stopRows } from '../../test/tripDetailFixtures.ts';
import { tripWithCrew } from '../../test/tripWithCrew.ts';
import { useOsrmTestServer } from '../../test/useOsrmTestServer.ts';

const SAN_FRANCISCO = { name: 'San Francisco', latitude: 37.7749, longitude: -122.4194 };
const LOVELOCK = { name: 'Lovelock', latitude: 40.1794, longitude: -118.4735 };
const SALT_DESERT = { name: 'Great Salt Lake Desert', latitude: 40.73, longitude: -113.4 };

const t = useOsrmTestServer();

describe('POST /trips/stops/plan-days with OSRM_URL set', () => {
  it('splits the days by OSRM’s drives, asking /table once', async () => {
    const { dataSource, tripDocs, legs } = t.server.deps;
    const crew = await tripWithCrew(dataSource);
    await tripDocs.write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) =>
      transact(() => [LOVELOCK, SALT_DESERT].forEach((place) => addStop(doc, randomUUID(), place))),
    );
    await legs.idle();
    const ids = (await stopRows(dataSource, crew.trip.id)).map((row) => row.id);
    t.osrm.requests = [];

    const response = await t.api.post('/trips/stops/plan-days', { tripId: crew.trip.id, endAtLast: true }, { as: crew.editor });

    expect(response.status).toBe(200);
    const plan = ZPlanDaysResponse.parse(response.body);
    expect(plan.source).toBe('osrm');
    expect(t.osrm.requests.map((request) => request.url.pathname.split('/')[1])).toEqual(['table']);
    const minutes = (from: typeof LOVELOCK, to: typeof LOVELOCK) => Math.round(standInDrive(from, to).seconds / 60);
    expect(plan.after.days.map((day) => [day.stopIds, day.driveMinutes])).toEqual([
      [[ids[0], ids[1]], minutes(SAN_FRANCISCO, LOVELOCK)],
      [[ids[1], ids[2]], minutes(LOVELOCK, SALT_DESERT)],
    ]);
  });
});
