import { describe, expect, it } from 'vitest';
import { answerWith, recordingLogger, warningMessage } from '../test/standInServer.ts';
import { standInDrive, STAND_IN_MAX_TABLE_SIZE } from '../test/osrmStandIn.ts';
import { useOsrmRouting } from '../test/useOsrmRouting.ts';
import type { OsrmLegRouterOptions } from './osrmLegRouter.ts';
import type { Coordinates } from './driveTimes.ts';
import { greatCircleEstimate } from './greatCircle.ts';

const chicago = { latitude: 41.8781, longitude: -87.6298 };
const stLouis = { latitude: 38.627, longitude: -90.1994 };
const springfield = { latitude: 39.7817, longitude: -89.6501 };

/** `count` points on a grid over the Midwest, a few km apart. */
const grid = (count: number): Coordinates[] =>
  Array.from({ length: count }, (_, index) => ({ latitude: 38 + (index % 20) * 0.13, longitude: -92 + Math.floor(index / 20) * 0.17 }));

/** What the matrix should hold for the stand-in's roads: whole minutes and 0.1 km. */
function expectedMatrix(points: Coordinates[]) {
  const drives = points.map((from) => points.map((to) => standInDrive(from, to)));
  return {
    minutes: drives.map((row) => row.map((drive) => Math.round(drive.seconds / 60))),
    distanceKm: drives.map((row) => row.map((drive) => Math.round(drive.metres / 100) / 10)),
    source: 'osrm',
  };
}

const t = useOsrmRouting(2);

const router = t.router;

describe('a matrix from OSRM /table', () => {
  it('asks once for up to 100 points, durations and distances, and answers minutes and km', async () => {
    const points = [chicago, springfield, stLouis];
    const matrix = (await router().matrix(points))!;

    expect(t.osrm.requests).toHaveLength(1);
    const [{ url }] = t.osrm.requests;
    expect(url.pathname).toBe('/table/v1/driving/-87.629800,41.878100;-89.650100,39.781700;-90.199400,38.627000');
    expect(Object.fromEntries(url.searchParams)).toEqual({ annotations: 'duration,distance' });
    expect(matrix).toEqual(expectedMatrix(points));
    expect(matrix.minutes[0][2]).toBeGreaterThan(250);
    expect(matrix.minutes[1][1]).toBe(0);
  });

  it('asks more than 100 points in blocks of at most 100 × 100 and assembles every cell', async () => {
    const points = grid(230);
    const matrix = await router().matrix(points);

    // 230 points: blocks of 100, 100 and 30 sources, each against the same three blocks of destinations.
    expect(t.osrm.requests).toHaveLength(9);
    for (const { url } of t.osrm.requests) {
      const count = (name: string) => url.searchParams.get(name)?.split(';').length ?? url.pathname.split(';').length;
      expect(count('sources') * count('destinations')).toBeLessThanOrEqual(STAND_IN_MAX_TABLE_SIZE ** 2);
    }
    expect(t.osrm.requests[1].url.searchParams.get('sources')).toBe([...Array(100).keys()].join(';'));
    expect(t.osrm.requests[1].url.searchParams.get('destinations')).toBe([...Array(100).keys()].map((i) => i + 100).join(';'));
    expect(matrix).toEqual(expectedMatrix(points));
  });

  it('asks nothing for fewer than two points', async () => {
    expect(await router().matrix([chicago])).toEqual({ minutes: [[0]], distanceKm: [[0]], source: 'osrm' });
    expect(await router().matrix([])).toEqual({ minutes: [], distanceKm: [], source: 'osrm' });
    expect(t.osrm.requests).toHaveLength(0);
  });

  it('takes the estimate for a pair OSRM finds no road between, and OSRM for the rest', async () => {
    t.osrm.reply = answerWith(200, JSON.stringify({ code: 'Ok', durations: [[0, null], [5400.4, 0]], distances: [[0, null], [150_049.9, 0]] }));
    const matrix = await router().matrix([chicago, stLouis]);
    const estimate = greatCircleEstimate(chicago, stLouis);
    expect(matrix).toEqual({ minutes: [[0, estimate.minutes], [90, 0]], distanceKm: [[0, estimate.distanceKm], [150, 0]], source: 'osrm' });
  });
});

describe('when OSRM fails, there is no matrix: the caller makes the estimate', () => {
  async function expectEstimate(points: Coordinates[], message: string, options: Partial<OsrmLegRouterOptions> = {}) {
    const logger = recordingLogger();
    expect(await router({ logger, ...options }).matrix(points)).toBeNull();
    expect(warningMessage(logger)).toBe(message);
  }

  it('when a block is refused', async () => {
    t.osrm.reply = answerWith(400, JSON.stringify({ code: 'TooBig', message: 'Too many table coordinates' }));
    await expectEstimate(grid(120), 'OSRM answered TooBig: Too many table coordinates');
  });

  it('when OSRM answers 500 with an HTML page', async () => {
    t.osrm.reply = (response) => response.writeHead(500, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>');
    await expectEstimate([chicago, stLouis], 'OSRM answered 500 without a table response');
  });

  it('when the table has the wrong size', async () => {
    t.osrm.reply = answerWith(200, JSON.stringify({ code: 'Ok', durations: [[0]], distances: [[0]] }));
    await expectEstimate([chicago, stLouis], 'OSRM answered a table of the wrong size');
  });

  it('when OSRM does not answer in time', async () => {
    t.osrm.reply = (response) => void setTimeout(() => answerWith(200, '{}')(response), 2000);
    const started = performance.now();
    await expectEstimate([chicago, stLouis], 'OSRM did not answer within 300 ms', { timeoutMs: 300 });
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
