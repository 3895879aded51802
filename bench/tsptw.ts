/**
 * Reads a travelling-salesman-with-time-windows instance in the format of ../shared/tsptw/ (its README):
 * the node count, the travel-time matrix row by row, then one `earliest latest` window per node; lines
 * starting with # are comments. Node 0 is the depot the closed tour starts from at time 0.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface TsptwInstance {
  readonly name: string;
  readonly travel: number[][];
  readonly windows: Array<[number, number]>;
}

export function readTsptw(file: string): TsptwInstance {
  const numbers = readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((line) => !line.trimStart().startsWith('#'))
    .join(' ')
    .trim()
    .split(/\s+/)
    .map(Number);
  const n = numbers[0];
  if (!Number.isInteger(n) || n < 1 || numbers.length !== 1 + n * n + 2 * n || numbers.some(Number.isNaN)) {
    throw new Error(`${file}: expected a node count, an n × n matrix and n windows`);
  }
  const travel = Array.from({ length: n }, (_, a) => numbers.slice(1 + a * n, 1 + (a + 1) * n));
  const windows = Array.from({ length: n }, (_, node): [number, number] => [numbers[1 + n * n + 2 * node], numbers[2 + n * n + 2 * node]]);
  return { name: path.basename(file).replace(/\.(txt|tw)$/, ''), travel, windows };
}
