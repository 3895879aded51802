/**
 * Answers for a piece of the corridor and one category, kept in this process's memory: fresh for a day (asked
 * again after), and kept beyond that, up to `maxEntries`, so a search while the provider is down shows what was
 * found before, with its age. Least recently written out first.
 */
import { createHash } from 'node:crypto';
import type { CorridorCategory, LatLng } from '@caravan/shared';
import type { CorridorRawPlace } from './corridorPlaces.ts';

export interface KeptAnswer {
  places: CorridorRawPlace[];
  fetchedAt: number;
}

/** A piece is known by its line (at about 10 m) and the radius asked around it. */
export function pieceKey(points: readonly LatLng[], radiusMeters: number): string {
  const line = points.map(({ latitude, longitude }) => `${latitude.toFixed(4)},${longitude.toFixed(4)}`).join(';');
  return createHash('sha256').update(`${radiusMeters}|${line}`).digest('base64url');
}

export class CorridorCache {
  private readonly entries = new Map<string, KeptAnswer>();

  constructor(
    private readonly freshMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The kept answer, fresh or not; `fresh` says whether it may stand without asking. */
  get(piece: string, category: CorridorCategory): (KeptAnswer & { fresh: boolean }) | undefined {
    const kept = this.entries.get(`${piece}|${category}`);
    return kept && { ...kept, fresh: this.now() - kept.fetchedAt < this.freshMs };
  }

  set(piece: string, category: CorridorCategory, places: CorridorRawPlace[]): void {
    const key = `${piece}|${category}`;
    this.entries.delete(key);
    this.entries.set(key, { places, fetchedAt: this.now() });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
