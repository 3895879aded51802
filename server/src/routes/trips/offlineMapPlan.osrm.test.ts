/**
 * POST /trips/offline-map/plan with a routing engine (the OSRM stand-in, whose road winds a few km either side of the
 * straight line): the tile list follows the leg's stored road line, not the straight estimate.
 */
import polyline from '@mapbox/polyline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineMapPlan } from '@caravan/shared';
import type { Config } from '@caravan/engine';
import { startOsrmStandIn, type OsrmStandIn } from '@caravan/engine/test';
import { DINOSAUR, VERNAL, vernalToDinosaur } from '../../test/roadTrip.ts';
import { useTestServer } from '../../test/useTestServer.ts';

const config: Partial<Config> = { osrmRequestsPerSecond: 50 };
let osrm: OsrmStandIn;
beforeAll(async () => {
  osrm = await startOsrmStandIn();
  config.osrmUrl = osrm.url;
});
afterAll(() => osrm?.close());
const t = useTestServer(config);

describe('the offline map tile list along a road', () => {
  it("follows the leg's road line where the routing engine gave one", async () => {
    const { crew, leg } = await vernalToDinosaur(t.server.deps);
    expect(leg.source).toBe('osrm');
    const road = polyline.decode(leg.geometry!, 5).map(([latitude, longitude]) => ({ latitude, longitude }));
    const stops = [VERNAL, DINOSAUR];

    const answer = await t.api.post('/trips/offline-map/plan', { tripId: crew.trip.id }, { as: crew.viewer });
    expect(answer.status).toBe(200);
    const alongRoad = offlineMapPlan({ legs: [{ line: [VERNAL, ...road.slice(1, -1), DINOSAUR], road: true }], stops });
    expect(answer.body.runs).toEqual(alongRoad.runs);
    // The road bends 3 km off the straight line: its corridor holds tiles the estimate's does not.
    const straight = offlineMapPlan({ legs: [{ line: stops, road: false }], stops });
    expect(answer.body.packKey).not.toBe(straight.packKey);
    expect(answer.body.tileCount).toBeGreaterThan(straight.tileCount);
  });
});
