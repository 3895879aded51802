import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addStop, findStop } from '@caravan/shared';
import { greatCircleEstimate, serverOrigin, StopEntity } from '@caravan/engine';
import { answerWith, standInDrive } from '@caravan/engine/test';
import { tripWithCrew } from '../../test/tripWithCrew.ts';
import { useOsrmTestServer } from '../../test/useOsrmTestServer.ts';

const SAN_FRANCISCO = { latitude: 37.7749, longitude: -122.4194 };
const LOS_ANGELES = { latitude: 34.0522, longitude: -118.2437 };

const t = useOsrmTestServer();

/** A trip from San Francisco (its first stop) to Los Angeles. */
async function sanFranciscoToLosAngeles() {
  const { dataSource, tripDocs } = t.server.deps;
  const crew = await tripWithCrew(dataSource);
  const [first] = await dataSource.getRepository(StopEntity).findBy({ tripId: crew.trip.id });
  const la = randomUUID();
  await tripDocs.write(crew.trip.id, serverOrigin(crew.owner.id), ({ doc, transact }) =>
    transact(() => addStop(doc, la, { name: 'Los Angeles', ...LOS_ANGELES })),
  );
  // The server's leg keeper asks for the new leg in the background: let it finish first.
  await t.server.deps.legs.idle();
  const calculate = () =>
    t.api.post('/trips/stops/calculate-travel-time', { tripId: crew.trip.id, fromStopId: first.id, toStopId: la }, { as: crew.owner });
  return { crew, la, calculate };
}

describe('POST /trips/stops/calculate-travel-time with OSRM_URL set', () => {
  it('answers OSRM\'s drive, asks OSRM once for the pair, and agrees with the road router the legs read', async () => {
    const { crew, la, calculate } = await sanFranciscoToLosAngeles();
    const drive = standInDrive(SAN_FRANCISCO, LOS_ANGELES);
    const expected = { estimatedDriveMinutes: Math.round(drive.seconds / 60), distanceKm: Math.round(drive.metres / 100) / 10, source: 'osrm' };

    const first = await calculate();
    const again = await calculate();

    expect(first.status).toBe(200);
    expect(first.body).toEqual(expected);
    expect(again.body).toEqual(expected);
    expect(t.osrm.requests.map(({ url }) => url.pathname)).toEqual(['/route/v1/driving/-122.419400,37.774900;-118.243700,34.052200']);
    const [leg] = await t.server.deps.roads.cached([{ from: SAN_FRANCISCO, to: LOS_ANGELES }]);
    expect(leg).toMatchObject({ minutes: expected.estimatedDriveMinutes, distanceKm: expected.distanceKm, source: 'osrm' });
    expect(leg!.geometry).toEqual(expect.any(String));
    const doc = (await t.server.deps.tripDocs.open(crew.trip.id))!.doc;
    expect(findStop(doc, la)?.estimatedDriveMinutes).toBe(expected.estimatedDriveMinutes);
  });

  it('answers the estimate while OSRM fails, and OSRM\'s drive once it is back', async () => {
    await t.server.deps.dataSource.query(`TRUNCATE road_legs`);
    t.osrm.reply = answerWith(503, '<html>Service Unavailable</html>');
    const { calculate } = await sanFranciscoToLosAngeles();
    t.osrm.requests = [];

    const estimate = greatCircleEstimate(SAN_FRANCISCO, LOS_ANGELES);
    expect((await calculate()).body).toEqual({ estimatedDriveMinutes: estimate.minutes, distanceKm: estimate.distanceKm, source: 'great-circle' });

    t.osrm.reply = null;
    expect((await calculate()).body.source).toBe('osrm');
    expect(t.osrm.requests).toHaveLength(2);
  });
});
