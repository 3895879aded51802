/**
 * A road matrix as two flat Float64Arrays, for sending to the worker pool: their buffers are handed over
 * (transferred) in no time, where a thousand-stop matrix as nested arrays would be copied cell by cell on the
 * sending thread, a tenth of a second of the request loop.
 */
import type { LegSource } from '@caravan/shared';
import type { RoadMatrix } from '../routing/legRouter.ts';

export interface PackedMatrix {
  size: number;
  /** Row by row: the cell [i][j] is at i * size + j. */
  minutes: Float64Array;
  distanceKm: Float64Array;
  source: LegSource;
}

export function packMatrix({ minutes, distanceKm, source }: RoadMatrix): PackedMatrix {
  const size = minutes.length;
  const packed = { size, minutes: new Float64Array(size * size), distanceKm: new Float64Array(size * size), source };
  for (let i = 0; i < size; i++) {
    packed.minutes.set(minutes[i], i * size);
    packed.distanceKm.set(distanceKm[i], i * size);
  }
  return packed;
}

export function unpackMatrix({ size, minutes, distanceKm, source }: PackedMatrix): RoadMatrix {
  const rows = (cells: Float64Array) => Array.from({ length: size }, (_, i) => Array.from(cells.subarray(i * size, (i + 1) * size)));
  return { minutes: rows(minutes), distanceKm: rows(distanceKm), source };
}

/** The buffers to hand over with a packed matrix (they are unusable on the sending side afterwards). */
export const matrixBuffers = ({ minutes, distanceKm }: PackedMatrix): ArrayBuffer[] => [minutes.buffer as ArrayBuffer, distanceKm.buffer as ArrayBuffer];
