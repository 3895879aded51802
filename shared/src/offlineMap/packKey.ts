/**
 * A short name for a tile list (12 base-36 characters), the same on every device: a device that holds a pack under
 * another key fetches the tiles of the new list it lacks. cyrb53 (a fast 53-bit non-cryptographic hash) over the
 * runs' numbers; nobody gains by forging one, it only tells lists apart.
 */
import type { TileRun } from './tileRows.ts';

/** Changes when the cover's rules do, so a device asks again even where the numbers happen to match. */
const COVER_VERSION = 1;

export function packKey(runs: readonly TileRun[]): string {
  let h1 = 0xdeadbeef ^ COVER_VERSION;
  let h2 = 0x41c6ce57 ^ COVER_VERSION;
  for (const run of runs) {
    for (const value of run) {
      h1 = Math.imul(h1 ^ value, 2654435761);
      h2 = Math.imul(h2 ^ value, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return hash.toString(36).padStart(12, '0').slice(-12);
}
