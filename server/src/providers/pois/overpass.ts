/**
 * Points of interest from an Overpass API server (https://wiki.openstreetmap.org/wiki/Overpass_API,
 * OpenStreetMap data, ODbL), used when OVERPASS_URL is set (by PROVIDERS=auto, the main public instance).
 * When Overpass fails (down, slow, rate limited, unreadable answer) the search answers from the offline places
 * instead, and logs why. A place's stop kind and opening hours come with it when its tags say (./osmPlan.ts).
 * Given `answers`, a search asks for its area (the centre on a 0.01° grid, the radius widened to cover the
 * rounding) and keeps the answer there, so searches of the same words nearby, in any category, ask nothing again.
 */
import type { LatLng, TPoi } from '@caravan/shared';
import { createLogger, skippedWhileDown, type KeptAnswers, type Logger } from '@caravan/engine';
import { createOfflinePoiSearch, matchesCategory, nearestFirst } from './offline.ts';
import { openingHoursOf, stopKindOf } from './osmPlan.ts';
import { overpassElements, OVERPASS_TIMEOUT_S, type OverpassElement } from './overpassRequest.ts';
import type { PoiQuery, PoiSearch } from './poiSearch.ts';

/**
 * Zoomed out, the map asks for thousands of kilometres; a name search that wide makes Overpass time
 * out. 100 km is the search panel's widest option, and results are nearest first anyway.
 */
export const OVERPASS_MAX_RADIUS_KM = 100;
const cappedKm = (radiusKm: number) => Math.min(radiusKm, OVERPASS_MAX_RADIUS_KM);
/** More than we show, so that sorting by distance here still finds the nearest 50. */
const OVERPASS_RESULT_LIMIT = 200;

export interface OverpassOptions {
  fallback?: PoiSearch;
  logger?: Pick<Logger, 'warn'>;
  timeoutMs?: number;
  /** Where an area's answer is kept (as long as it may stand); nothing is kept (and the exact centre is asked) without it. */
  answers?: KeptAnswers<TPoi[]>;
}

/** The grid the asked centres are rounded to: 0.01°, at most ~0.8 km from the real centre. */
const AREA_GRID_DEGREES = 0.01;
const AREA_SLACK_KM = 1;

/** The area a search asks for when answers are kept: the centre on the grid, a radius (whole km) covering the query's. */
export function areaOf(query: PoiQuery): PoiQuery {
  const onGrid = (degrees: number) => Math.round(Math.round(degrees / AREA_GRID_DEGREES) * AREA_GRID_DEGREES * 100) / 100;
  return { ...query, latitude: onGrid(query.latitude), longitude: onGrid(query.longitude), radiusKm: Math.ceil(cappedKm(query.radiusKm)) + AREA_SLACK_KM };
}

/** A string literal of Overpass QL holding a case-insensitive regular expression for the keyword. */
function keywordPattern(keyword: string): string {
  const regex = keyword.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `"${regex.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Tags whose value says what a place is, most telling first. */
const KIND_KEYS = ['tourism', 'historic', 'leisure', 'amenity', 'natural', 'man_made', 'waterway', 'boundary'] as const;

/** Values that would read badly humanised ("yes") or that the offline set names differently. */
const CATEGORY_NAMES: Record<string, string> = {
  'historic=yes': 'Historic Site',
  'tourism=yes': 'Attraction',
  'natural=cave_entrance': 'Cave',
  'natural=hot_spring': 'Hot Spring',
  'boundary=national_park': 'National Park',
  'leisure=nature_reserve': 'Nature Reserve',
  'tourism=camp_site': 'Campground',
};

/**
 * The Overpass QL query: named nodes, ways and relations within the radius whose name contains
 * the keyword, plus those tagged as that kind of place ("museum", "viewpoint") when the keyword is
 * a single word or two.
 */
export function overpassQuery(query: PoiQuery): string {
  const radiusMeters = Math.round(cappedKm(query.radiusKm) * 1000);
  const around = `(around:${radiusMeters},${query.latitude},${query.longitude})`;
  const statements = [`  nwr["name"~${keywordPattern(query.keyword)},i]${around};`];
  const kind = query.keyword.trim().toLowerCase().replace(/\s+/g, '_');
  if (/^[a-z]+(_[a-z]+)?$/.test(kind)) {
    for (const key of KIND_KEYS.slice(0, 4)) statements.push(`  nwr["${key}"="${kind}"]["name"]${around};`);
  }
  return [`[out:json][timeout:${OVERPASS_TIMEOUT_S}];`, '(', ...statements, ');', `out center ${OVERPASS_RESULT_LIMIT};`].join('\n');
}

/** Where a group can sleep, as OpenStreetMap tags it (hotels, motels, guest houses, campgrounds, caravan sites). */
export const LODGING_TOURISM_VALUES = ['hotel', 'motel', 'guest_house', 'camp_site', 'caravan_site'] as const;

/** The Overpass QL query for named places to sleep within the radius of each point: one statement and output each. */
export function lodgingQuery(points: ReadonlyArray<LatLng>, radiusKm: number): string {
  const radiusMeters = Math.round(cappedKm(radiusKm) * 1000);
  const tourism = `"^(${LODGING_TOURISM_VALUES.join('|')})$"`;
  return [
    `[out:json][timeout:${OVERPASS_TIMEOUT_S}];`,
    ...points.flatMap(({ latitude, longitude }) => [
      `nwr["tourism"~${tourism}]["name"](around:${radiusMeters},${latitude},${longitude});`,
      `out center ${OVERPASS_RESULT_LIMIT};`,
    ]),
  ].join('\n');
}

/** "theme_park" → "Theme Park"; of a list ("museum;gallery") the first. */
function humanise(value: string): string {
  return value
    .split(';')[0]
    .trim()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function categoryOf(tags: Record<string, string>): string {
  for (const key of KIND_KEYS) {
    const value = tags[key];
    if (!value) continue;
    return CATEGORY_NAMES[`${key}=${value}`] ?? humanise(value);
  }
  return 'Place';
}

/** "350 5th Avenue, New York, NY 10118" from the addr:* tags; empty when the place has none. */
export function addressOf(tags: Record<string, string>): string {
  const street = [tags['addr:housenumber'], tags['addr:street']].filter(Boolean).join(' ');
  const region = [tags['addr:state'], tags['addr:postcode']].filter(Boolean).join(' ');
  return [street, tags['addr:city'], region].filter(Boolean).join(', ');
}

function toPoi(element: OverpassElement): TPoi | undefined {
  const name = element.tags?.name;
  const latitude = element.lat ?? element.center?.lat;
  const longitude = element.lon ?? element.center?.lon;
  if (!name || latitude === undefined || longitude === undefined) return undefined;
  const tags = element.tags ?? {};
  const [kind, openingHours] = [stopKindOf(tags), openingHoursOf(tags)];
  return {
    id: `osm:${element.type}/${element.id}`,
    name,
    address: addressOf(tags),
    category: categoryOf(tags),
    latitude,
    longitude,
    ...(kind && { kind }),
    ...(openingHours && { openingHours }),
  };
}

/** The places an Overpass query answers, each once. */
async function askOverpass(url: string, ql: string, fetchImpl: typeof fetch, timeoutMs: number): Promise<TPoi[]> {
  const byId = new Map<string, TPoi>();
  for (const element of await overpassElements(url, ql, fetchImpl, timeoutMs)) {
    const poi = toPoi(element);
    if (poi) byId.set(poi.id, poi);
  }
  return [...byId.values()];
}

/** `url` is the interpreter endpoint itself, e.g. https://overpass-api.de/api/interpreter. */
export function createOverpassSearch(url: string, fetchImpl: typeof fetch = fetch, options: OverpassOptions = {}): PoiSearch {
  const fallback = options.fallback ?? createOfflinePoiSearch();
  const logger = options.logger ?? createLogger('warn');
  const timeoutMs = options.timeoutMs ?? (OVERPASS_TIMEOUT_S + 2) * 1000;
  const origin = new URL(url).origin;
  const { answers } = options;

  /** The places of the query's area (from the cache when kept), or of the query itself without a cache. */
  async function placesFor(query: PoiQuery): Promise<TPoi[]> {
    if (!answers) return askOverpass(url, overpassQuery(query), fetchImpl, timeoutMs);
    const area = areaOf(query);
    const key = `${area.keyword.trim().toLowerCase()}|${area.latitude},${area.longitude}|${area.radiusKm}`;
    const kept = await answers.get(key);
    if (kept) return kept.value;
    const places = await askOverpass(url, overpassQuery(area), fetchImpl, timeoutMs);
    await answers.set(key, places);
    return places;
  }

  return {
    source: 'overpass',
    async search(query) {
      try {
        const places = await placesFor(query);
        return nearestFirst(places.filter((place) => matchesCategory(place, query.category)), { ...query, radiusKm: cappedKm(query.radiusKm) });
      } catch (error) {
        if (!skippedWhileDown(error)) logger.warn({ err: error, overpass: origin }, `point-of-interest search fell back to the ${fallback.source} places`);
        return fallback.search(query);
      }
    },
    // No fallback: the offline places hold no lodging, so a failure is the caller's to report.
    async lodgingNear(points, radiusKm) {
      if (!points.length) return [];
      const places = await askOverpass(url, lodgingQuery(points, radiusKm), fetchImpl, timeoutMs);
      return points.map((point) => nearestFirst(places, { keyword: '', ...point, radiusKm: cappedKm(radiusKm) }));
    },
  };
}
