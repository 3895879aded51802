/**
 * Detours by road for the first places of a corridor search: from the nearest point of the route to the place and
 * back, as the road provider (OSRM /table) drives them, in one matrix request for up to ROAD_DETOURS places. Answers
 * are kept a day per place and route point (at about 100 m), so a search asked again asks OSRM nothing. Without a
 * routing engine, or when it fails, there are none: the estimate stands.
 */
import { AnswerCache, type LegRouter } from '@caravan/engine';
import type { LatLng } from '@caravan/shared';

/** Places per search measured by road: 2 × 24 points make a 48² table, well within OSRM's default 100². */
export const ROAD_DETOURS = 24;
const KEPT_MS = 24 * 60 * 60_000;

export interface DetourAsked {
  id: string;
  nearest: LatLng;
  place: LatLng;
}

const caches = new WeakMap<LegRouter, AnswerCache<number>>();
const keyOf = ({ id, nearest }: DetourAsked) => `${id}|${nearest.latitude.toFixed(3)},${nearest.longitude.toFixed(3)}`;

/** Whole minutes there and back by road, by place id, for the first ROAD_DETOURS asked; none without a road provider. */
export async function roadDetours(roads: LegRouter, asked: readonly DetourAsked[]): Promise<Map<string, number>> {
  const minutes = new Map<string, number>();
  if (roads.provider !== 'osrm') return minutes;
  let cache = caches.get(roads);
  if (!cache) caches.set(roads, (cache = new AnswerCache<number>(KEPT_MS, 20_000)));
  const missing: DetourAsked[] = [];
  for (const one of asked.slice(0, ROAD_DETOURS)) {
    const kept = cache.get(keyOf(one));
    if (kept === undefined) missing.push(one);
    else minutes.set(one.id, kept);
  }
  if (missing.length === 0) return minutes;
  const matrix = await roads.matrix([...missing.map((one) => one.nearest), ...missing.map((one) => one.place)]);
  if (!matrix || matrix.source !== 'osrm') return minutes;
  missing.forEach((one, index) => {
    const [out, back] = [matrix.minutes[index]?.[missing.length + index], matrix.minutes[missing.length + index]?.[index]];
    if (!Number.isFinite(out) || !Number.isFinite(back)) return;
    const detour = Math.round(out + back);
    cache.set(keyOf(one), detour);
    minutes.set(one.id, detour);
  });
  return minutes;
}
