/**
 * Detours by road for the first places of a corridor search: from the nearest point of the route to the place and
 * back, as the road provider (OSRM /table) drives them, in one matrix request for up to ROAD_DETOURS places. Answers
 * are kept a day per place and route point (at about 100 m) in `kept` (for every process on the database: the
 * OSRM provider's kept answers), so a search asked again, by any API process, asks OSRM nothing. Without a routing
 * engine, or when it fails, there are none: the estimate stands.
 */
import type { KeptAnswers, LegRouter } from '@caravan/engine';
import type { LatLng } from '@caravan/shared';

/** Places per search measured by road: 2 × 24 points make a 48² table, well within OSRM's default 100². */
export const ROAD_DETOURS = 24;
export const DETOURS_KEPT_MS = 24 * 60 * 60_000;
/** At most this many in a process's memory (without a database). */
export const DETOURS_KEPT_ENTRIES = 20_000;

export interface DetourAsked {
  id: string;
  nearest: LatLng;
  place: LatLng;
}

const keyOf = ({ id, nearest }: DetourAsked) => `${id}|${nearest.latitude.toFixed(3)},${nearest.longitude.toFixed(3)}`;

/** Whole minutes there and back by road, by place id, for the first ROAD_DETOURS asked; none without a road provider. */
export async function roadDetours(roads: LegRouter, kept: KeptAnswers<number> | undefined, asked: readonly DetourAsked[]): Promise<Map<string, number>> {
  const minutes = new Map<string, number>();
  if (roads.provider !== 'osrm') return minutes;
  const first = asked.slice(0, ROAD_DETOURS);
  const known = (await kept?.getMany(first.map(keyOf))) ?? new Map();
  const missing: DetourAsked[] = [];
  for (const one of first) {
    const detour = known.get(keyOf(one));
    if (detour === undefined) missing.push(one);
    else minutes.set(one.id, detour.value);
  }
  if (missing.length === 0) return minutes;
  const matrix = await roads.matrix([...missing.map((one) => one.nearest), ...missing.map((one) => one.place)]);
  if (!matrix || matrix.source !== 'osrm') return minutes;
  const answered: Array<[string, number]> = [];
  missing.forEach((one, index) => {
    const [out, back] = [matrix.minutes[index]?.[missing.length + index], matrix.minutes[missing.length + index]?.[index]];
    if (!Number.isFinite(out) || !Number.isFinite(back)) return;
    const detour = Math.round(out + back);
    answered.push([keyOf(one), detour]);
    minutes.set(one.id, detour);
  });
  await kept?.setMany(answered);
  return minutes;
}
