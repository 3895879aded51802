import fs from 'node:fs';
import polyline from '@mapbox/polyline';
import { describe, expect, it } from 'vitest';
import { answerWith, recordingLogger, unusedOrigin, warningMessage } from '../test/standInServer.ts';
import { standInDrive, standInRoadLine } from '../test/osrmStandIn.ts';
import { useOsrmRouting } from '../test/useOsrmRouting.ts';
import type { OsrmLegRouterOptions } from './osrmLegRouter.ts';
import { sqlDuring } from '../test/sqlDuring.ts';
import { estimatedLeg } from './greatCircleLegRouter.ts';
import { GEOMETRY_BUDGET_CHARS, GEOMETRY_TOLERANCE_DEGREES } from './legGeometry.ts';
import { roadLegBetween, type LegEnds } from './legRouter.ts';

const chicago = { latitude: 41.8781, longitude: -87.6298 };
const stLouis = { latitude: 38.627, longitude: -90.1994 };
const springfield = { latitude: 39.7817, longitude: -89.6501 };
const chicagoToStLouis: LegEnds = { from: chicago, to: stLouis };

/** The recorded OSRM answer for Chicago to St. Louis (16,780.2 s, 479,812.6 m), with the road line /route now asks for. */
const recorded = JSON.parse(fs.readFileSync(new URL('./osrmChicagoStLouis.fixture.json', import.meta.url), 'utf8'));
recorded.routes[0].geometry = polyline.encode(standInRoadLine(chicago, stLouis));

const t = useOsrmRouting(2);

const router = t.router;

/** How far `point` lies from the line through `points`, in degrees (flat: fine over a few km). */
function offLine([y, x]: [number, number], points: [number, number][]): number {
  let nearest = Infinity;
  for (let index = 1; index < points.length; index++) {
    const [[ay, ax], [by, bx]] = [points[index - 1], points[index]];
    const length2 = (bx - ax) ** 2 + (by - ay) ** 2;
    const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length2));
    nearest = Math.min(nearest, Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))));
  }
  return nearest;
}

describe('a leg from OSRM /route', () => {
  it('asks for the full road line with longitude,latitude pairs and reads the first route', async () => {
    t.osrm.reply = answerWith(200, JSON.stringify(recorded));
    const leg = await router().route(chicagoToStLouis);

    expect(t.osrm.requests).toHaveLength(1);
    expect(t.osrm.requests[0].url.pathname).toBe('/route/v1/driving/-87.629800,41.878100;-90.199400,38.627000');
    expect(Object.fromEntries(t.osrm.requests[0].url.searchParams)).toEqual({ overview: 'full', geometries: 'polyline' });
    expect(leg).toMatchObject({ minutes: 280, distanceKm: 479.8, source: 'osrm', fellBack: false });
  });

  it('keeps a path in the base URL', async () => {
    await router({ baseUrl: `${t.osrm.url}/osrm/` }).route(chicagoToStLouis);
    expect(t.osrm.requests[0].url.pathname).toBe('/osrm/route/v1/driving/-87.629800,41.878100;-90.199400,38.627000');
  });

  it('keeps a line of a few KB that runs from one end to the other and stays on the road', async () => {
    const full = standInRoadLine(chicago, stLouis);
    const leg = await router().route(chicagoToStLouis);

    expect(polyline.encode(full).length).toBeGreaterThan(25_000);
    expect(leg.geometry!.length).toBeLessThanOrEqual(GEOMETRY_BUDGET_CHARS);
    const line = polyline.decode(leg.geometry!);
    expect(line[0]).toEqual([chicago.latitude, chicago.longitude]);
    expect(line.at(-1)).toEqual([stLouis.latitude, stLouis.longitude]);
    // It follows the bends (not a straight line) and no point of the road is further from it than the tolerance.
    expect(line.length).toBeGreaterThan(50);
    const furthest = Math.max(...full.filter((_, index) => index % 20 === 0).map((point) => offLine(point, line)));
    expect(furthest).toBeLessThan(GEOMETRY_TOLERANCE_DEGREES + 0.00002);
    const drive = standInDrive(chicago, stLouis);
    expect(leg).toMatchObject({ minutes: Math.round(drive.seconds / 60), distanceKm: Math.round(drive.metres / 100) / 10 });
  });
});

describe('the road_legs cache', () => {
  it('asks OSRM once for a pair: the next read, by any router over the database, asks nothing', async () => {
    const routed = await router().route(chicagoToStLouis);
    const { fellBack, ...leg } = routed;
    expect(fellBack).toBe(false);

    expect(await roadLegBetween(router(), chicagoToStLouis)).toEqual(routed);
    // Positions are keyed at 5 decimals (about 1 m), as legs in the trip document are.
    const nudged = { from: { latitude: 41.878104, longitude: -87.629796 }, to: stLouis };
    expect(await router().cached([nudged])).toEqual([leg]);
    expect(t.osrm.requests).toHaveLength(1);
  });

  it('reads many pairs in one query, in order, null for pairs never asked', async () => {
    const toSpringfield = { from: chicago, to: springfield };
    const [first, second] = [await router().route(chicagoToStLouis), await router().route(toSpringfield)];
    const backwards = { from: stLouis, to: chicago };

    let cached: unknown;
    const sql = await sqlDuring(async () => (cached = await router().cached([toSpringfield, backwards, chicagoToStLouis])));

    expect(sql.filter((text) => /road_legs/.test(text))).toHaveLength(1);
    const { fellBack: _a, ...firstLeg } = first;
    const { fellBack: _b, ...secondLeg } = second;
    expect(cached).toEqual([secondLeg, null, firstLeg]);
    expect(await router().cached([])).toEqual([]);
  });

  it('answers the same pair asked twice at once with one request', async () => {
    const r = router();
    const [a, b] = await Promise.all([r.route(chicagoToStLouis), r.route(chicagoToStLouis)]);
    expect(a).toEqual(b);
    expect(t.osrm.requests).toHaveLength(1);
  });
});

describe('when OSRM fails, the leg is the estimate, fallen back and not cached', () => {
  async function expectFallBack(options: Partial<OsrmLegRouterOptions>, pair: LegEnds, message: string) {
    const logger = recordingLogger();
    const r = router({ logger, ...options });

    expect(await r.route(pair)).toEqual({ ...estimatedLeg(pair), fellBack: true });
    expect(estimatedLeg(pair)).toMatchObject({ source: 'great-circle', geometry: null });
    expect(warningMessage(logger)).toBe(message);
    expect(await r.cached([pair])).toEqual([null]);
  }

  it('when OSRM finds no route', async () => {
    t.osrm.reply = answerWith(400, JSON.stringify({ code: 'NoRoute', message: 'Impossible route between points' }));
    const honolulu = { latitude: 21.3069, longitude: -157.8583 };
    await expectFallBack({}, { from: chicago, to: honolulu }, 'OSRM answered NoRoute: Impossible route between points');
  });

  it('when OSRM answers 500 with an HTML page', async () => {
    t.osrm.reply = (response) => response.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
    await expectFallBack({}, chicagoToStLouis, 'OSRM answered 500 without a route response');
  });

  it('when OSRM answers Ok without a route', async () => {
    t.osrm.reply = answerWith(200, JSON.stringify({ code: 'Ok', routes: [] }));
    await expectFallBack({}, chicagoToStLouis, 'OSRM answered Ok without a route response');
  });

  it('when nothing listens at OSRM_URL', async () => {
    const deadUrl = await unusedOrigin();
    await expectFallBack({ baseUrl: deadUrl }, chicagoToStLouis, `OSRM could not be reached at ${deadUrl}`);
  });

  it('when OSRM does not answer in time; the next call asks again and keeps the road', async () => {
    t.osrm.reply = (response) => void setTimeout(() => answerWith(200, JSON.stringify(recorded))(response), 2000);
    const started = performance.now();
    await expectFallBack({ timeoutMs: 300 }, chicagoToStLouis, 'OSRM did not answer within 300 ms');
    expect(performance.now() - started).toBeLessThan(1500);

    t.osrm.reply = null;
    const retried = await roadLegBetween(router(), chicagoToStLouis);
    expect(t.osrm.requests).toHaveLength(2);
    expect(retried).toMatchObject({ source: 'osrm', fellBack: false });
    expect((await router().cached([chicagoToStLouis]))[0]).toMatchObject({ source: 'osrm', minutes: retried.minutes });
  });
});
