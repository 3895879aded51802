/**
 * The corridor's places from Overpass: one request per piece of the corridor for every category not kept fresh for
 * that piece (`around` over the piece's line), two pieces at a time (the provider's request queue spaces them at
 * its rate limit), each answer split by category and kept in `answers` (for every process on the database when the
 * server has one; ./pieceKey.ts). A piece Overpass does not answer is answered from what was kept for it, however old
 * (up to CORRIDOR_KEPT_MS); one with nothing kept is reported missing.
 */
import { createKeptAnswers, createLogger, skippedWhileDown, type KeptAnswer, type KeptAnswers, type Logger } from '@caravan/engine';
import type { CorridorCategory, LatLng } from '@caravan/shared';
import { openingHoursOf } from '../osmPlan.ts';
import { addressOf } from '../overpass.ts';
import { overpassElements, type OverpassElement } from '../overpassRequest.ts';
import { pieceKey } from './pieceKey.ts';
import type { CorridorAnswer, CorridorPlaces, CorridorRawPlace } from './corridorPlaces.ts';
import { CORRIDOR_QUERY_TIMEOUT_S, corridorQuery } from './corridorQuery.ts';
import { corridorCategoryOf, corridorNameOf, plugsOf, powerOf } from './corridorTags.ts';

export interface OverpassCorridorOptions {
  logger?: Pick<Logger, 'warn'>;
  timeoutMs?: number;
  /** How long a piece's answer stands without asking again. */
  freshMs?: number;
  /** Where a piece's answer for one category is kept; this process's memory without it. */
  answers?: KeptAnswers<CorridorRawPlace[]>;
  now?: () => number;
}

export const CORRIDOR_FRESH_MS = 24 * 60 * 60_000;
/** How long a piece's answer is kept at all, to stand in while Overpass is down; a process keeps at most this many in memory. */
export const CORRIDOR_KEPT_MS = 30 * 24 * 60 * 60_000;
export const CORRIDOR_KEPT_ENTRIES = 1000;
/** Pieces asked at once. */
const PIECES_AT_ONCE = 2;

function toPlace(element: OverpassElement, categories: readonly CorridorCategory[]): CorridorRawPlace | undefined {
  const tags = element.tags ?? {};
  const latitude = element.lat ?? element.center?.lat;
  const longitude = element.lon ?? element.center?.lon;
  const category = corridorCategoryOf(tags, categories);
  if (!category || latitude === undefined || longitude === undefined) return undefined;
  const openingHours = openingHoursOf(tags);
  const charging = category === 'charging' ? { plugs: plugsOf(tags), ...(powerOf(tags) !== undefined && { powerKw: powerOf(tags) }) } : {};
  return {
    id: `osm:${element.type}/${element.id}`,
    name: corridorNameOf(tags, category),
    category,
    address: addressOf(tags),
    latitude,
    longitude,
    ...(openingHours && { openingHours }),
    ...charging,
  };
}

export function createOverpassCorridor(url: string, fetchImpl: typeof fetch = fetch, options: OverpassCorridorOptions = {}): CorridorPlaces {
  const logger = options.logger ?? createLogger('warn');
  const timeoutMs = options.timeoutMs ?? (CORRIDOR_QUERY_TIMEOUT_S + 2) * 1000;
  const now = options.now ?? Date.now;
  const freshMs = options.freshMs ?? CORRIDOR_FRESH_MS;
  const answers = options.answers ?? createKeptAnswers<CorridorRawPlace[]>({ name: 'Overpass corridor', keepMs: CORRIDOR_KEPT_MS, maxEntries: CORRIDOR_KEPT_ENTRIES, now });
  const isFresh = (kept: KeptAnswer<unknown> | undefined) => kept !== undefined && now() - kept.fetchedAt < freshMs;
  const origin = new URL(url).origin;

  /** One piece: its places by category, and whether Overpass answered for what was not kept fresh. */
  async function piece(points: readonly LatLng[], categories: readonly CorridorCategory[], radiusMeters: number) {
    const pieceId = pieceKey(points, radiusMeters);
    const keyOf = (category: CorridorCategory) => `${pieceId}|${category}`;
    const known = await answers.getMany(categories.map(keyOf));
    const kept = new Map(categories.map((category) => [category, known.get(keyOf(category))]));
    const asked = categories.filter((category) => !isFresh(kept.get(category)));
    let answered = true;
    if (asked.length > 0) {
      let elements: OverpassElement[] = [];
      try {
        elements = await overpassElements(url, corridorQuery(points, asked, radiusMeters), fetchImpl, timeoutMs);
      } catch (error) {
        answered = false;
        if (!skippedWhileDown(error)) logger.warn({ err: error, overpass: origin }, 'corridor search: Overpass did not answer for a piece of the route');
      }
      if (answered) {
        const byCategory = new Map<CorridorCategory, Map<string, CorridorRawPlace>>(asked.map((category) => [category, new Map()]));
        for (const element of elements) {
          const place = toPlace(element, asked);
          if (place) byCategory.get(place.category)!.set(place.id, place);
        }
        const fetchedAt = now();
        for (const category of asked) kept.set(category, { value: [...byCategory.get(category)!.values()], fetchedAt });
        await answers.setMany(asked.map((category) => [keyOf(category), kept.get(category)!.value] as const), fetchedAt);
      }
    }
    const found = categories.flatMap((category) => kept.get(category) ?? []);
    return { answered, found, complete: found.length === categories.length };
  }

  return {
    source: 'overpass',
    async placesAlong(pieces, categories, radiusMeters): Promise<CorridorAnswer> {
      // Two at a time, as a public instance serves each client two slots: a long stretch's pieces never burst the
      // request queue (which refuses past a few seconds of waiting), and the queue still spaces them at its rate.
      const results: Array<Awaited<ReturnType<typeof piece>>> = new Array(pieces.length);
      let next = 0;
      const worker = async () => {
        while (next < pieces.length) {
          const index = next++;
          results[index] = await piece(pieces[index], categories, radiusMeters);
        }
      };
      await Promise.all(Array.from({ length: Math.min(PIECES_AT_ONCE, pieces.length) }, worker));
      const byId = new Map<string, CorridorRawPlace>();
      let fetchedAt: number | null = null;
      for (const { found } of results) {
        for (const answer of found) {
          fetchedAt = fetchedAt === null ? answer.fetchedAt : Math.min(fetchedAt, answer.fetchedAt);
          for (const place of answer.value) byId.set(place.id, place);
        }
      }
      return {
        places: [...byId.values()],
        connection: results.every((result) => result.answered) ? 'live' : 'cached',
        fetchedAt,
        missingPieces: results.flatMap((result, index) => (result.complete ? [] : [index])),
      };
    },
  };
}
