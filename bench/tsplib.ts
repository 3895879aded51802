/**
 * Reads a TSPLIB instance with EUC_2D coordinates (the only kind in ../shared/tsplib/) into the full
 * distance matrix TSPLIB defines for it: Euclidean distance rounded to the nearest integer (nint).
 */
import { readFileSync } from 'node:fs';

export interface TsplibInstance {
  readonly name: string;
  readonly distances: number[][];
}

export function readTsplib(path: string): TsplibInstance {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/).map((line) => line.trim());
  const header = new Map<string, string>();
  const points: Array<[number, number]> = [];
  let inCoordinates = false;
  for (const line of lines) {
    if (line === '' || line === 'EOF') continue;
    if (line === 'NODE_COORD_SECTION') {
      inCoordinates = true;
    } else if (inCoordinates) {
      const [, x, y] = line.split(/\s+/).map(Number);
      points.push([x, y]);
    } else {
      const [key, ...value] = line.split(':');
      header.set(key.trim(), value.join(':').trim());
    }
  }
  if (header.get('EDGE_WEIGHT_TYPE') !== 'EUC_2D') throw new Error(`${path}: only EDGE_WEIGHT_TYPE EUC_2D is read`);
  if (points.length !== Number(header.get('DIMENSION'))) throw new Error(`${path}: DIMENSION does not match the coordinates`);
  const distances = points.map(([xa, ya]) => points.map(([xb, yb]) => Math.round(Math.hypot(xa - xb, ya - yb))));
  return { name: header.get('NAME') ?? path, distances };
}
