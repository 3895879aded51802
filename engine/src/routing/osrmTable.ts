/**
 * OSRM's /table: minutes and km between every pair of points, for the route optimiser. OSRM refuses a table
 * of more than max-table-size² cells (100² on the public demo and by default: "TooBig"), so more than 100
 * points are asked in blocks of 100 sources × 100 destinations, one throttled request each.
 */
import { z } from 'zod';
import type { Coordinates } from './driveTimes.ts';
import { greatCircleEstimate } from './greatCircle.ts';
import type { RoadMatrix } from './legRouter.ts';
import { askOsrm, osrmUrl, type OsrmEndpoint } from './osrmRequest.ts';

export const TABLE_BLOCK_SIZE = 100;

/** A cell is null where OSRM found no road between the two points. */
const ZCells = z.array(z.array(z.number().nonnegative().nullable()));
const ZTableAnswer = z.object({ durations: ZCells, distances: ZCells });

/** A run of consecutive points: the sources or the destinations of one request. */
interface Block {
  start: number;
  size: number;
}

const blocks = (count: number): Block[] =>
  Array.from({ length: Math.ceil(count / TABLE_BLOCK_SIZE) }, (_, index) => index * TABLE_BLOCK_SIZE).map((start) => ({
    start,
    size: Math.min(TABLE_BLOCK_SIZE, count - start),
  }));

/** OSRM's `sources`/`destinations`: positions in the request's own coordinate list. */
const indices = (start: number, size: number) => Array.from({ length: size }, (_, index) => start + index).join(';');

/** One request: the cells from the `sources` block to the `destinations` block, written into `matrix`. */
async function askBlock(endpoint: OsrmEndpoint, points: readonly Coordinates[], sources: Block, destinations: Block, matrix: RoadMatrix) {
  const pointsOf = ({ start, size }: Block) => points.slice(start, start + size);
  const same = sources.start === destinations.start;
  const query: Record<string, string> = { annotations: 'duration,distance' };
  if (!same) Object.assign(query, { sources: indices(0, sources.size), destinations: indices(sources.size, destinations.size) });
  const asked = same ? pointsOf(sources) : [...pointsOf(sources), ...pointsOf(destinations)];
  const answer = await askOsrm(endpoint, osrmUrl(endpoint, 'table', asked, query), ZTableAnswer, 'table');
  const fits = (cells: (number | null)[][]) => cells.length === sources.size && cells.every((row) => row.length === destinations.size);
  if (!fits(answer.durations) || !fits(answer.distances)) throw new Error('OSRM answered a table of the wrong size');
  for (let row = 0; row < sources.size; row++) {
    for (let column = 0; column < destinations.size; column++) {
      const [i, j] = [sources.start + row, destinations.start + column];
      const [seconds, metres] = [answer.durations[row][column], answer.distances[row][column]];
      // No road between them (an island, say): the estimate keeps the matrix whole for the optimiser.
      const cell =
        seconds === null || metres === null
          ? greatCircleEstimate(points[i], points[j])
          : { minutes: Math.round(seconds / 60), distanceKm: Math.round(metres / 100) / 10 };
      matrix.minutes[i][j] = cell.minutes;
      matrix.distanceKm[i][j] = cell.distanceKm;
    }
  }
}

/** Every cell of the matrix; `beforeEachRequest` waits for the throttle. Throws when any request fails. */
export async function askTable(
  endpoint: OsrmEndpoint,
  points: readonly Coordinates[],
  beforeEachRequest: () => Promise<void>,
): Promise<RoadMatrix> {
  const matrix: RoadMatrix = {
    minutes: points.map(() => points.map(() => 0)),
    distanceKm: points.map(() => points.map(() => 0)),
    source: 'osrm',
  };
  if (points.length < 2) return matrix;
  for (const sources of blocks(points.length)) {
    for (const destinations of blocks(points.length)) {
      await beforeEachRequest();
      await askBlock(endpoint, points, sources, destinations, matrix);
    }
  }
  return matrix;
}
