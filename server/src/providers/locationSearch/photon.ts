/**
 * Location search and reverse geocoding (/reverse) through a Photon geocoder (https://github.com/komoot/photon, OpenStreetMap data),
 * used when GEOCODER_URL is set (by PROVIDERS=auto, komoot's public instance). When Photon fails (down,
 * slow, non-OK, unreadable answer) the type-ahead answers from the offline gazetteer instead of failing
 * the request, and logs why. Answers are kept in `answers` (searches by their text and bias, reverse look-ups by
 * the position rounded to ~10 m; for every process on the database when it has one), as the public instance asks.
 */
import { z } from 'zod';
import { LOCATION_SEARCH_MAX_RESULTS, type LatLng, type TLocationResult } from '@caravan/shared';
import { createLogger, skippedWhileDown, type KeptAnswers, type Logger } from '@caravan/engine';
import { createGazetteerSearch } from './gazetteer.ts';
import type { LocationSearch } from './locationSearch.ts';

const PHOTON_TIMEOUT_MS = 5000;

const optionalText = z.string().optional().catch(undefined);
const ZPhotonAnswer = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ coordinates: z.array(z.number()).min(2) }),
      properties: z.object({
        osm_type: z.string(),
        osm_id: z.number(),
        name: optionalText,
        housenumber: optionalText,
        street: optionalText,
        city: optionalText,
        state: optionalText,
        postcode: optionalText,
        country: optionalText,
        countrycode: optionalText,
      }),
    }),
  ),
});
type PhotonFeature = z.infer<typeof ZPhotonAnswer>['features'][number];

export interface PhotonSearchOptions {
  /** Answers when Photon cannot; the offline gazetteer unless given. */
  fallback?: LocationSearch;
  logger?: Pick<Logger, 'warn'>;
  /** How long the type-ahead waits for Photon before answering from the fallback. */
  timeoutMs?: number;
  /** Where answers are kept (as long as they may stand); nothing is kept without it. */
  answers?: KeptAnswers<TLocationResult[]>;
}

/** Reverse look-ups are kept by the position rounded to 4 decimals (~10 m). */
const roundedPosition = ({ latitude, longitude }: LatLng) => `${latitude.toFixed(4)},${longitude.toFixed(4)}`;

/** The offline list's results, marked so the list says where they came from. */
export const fromOfflineList = (results: TLocationResult[]): TLocationResult[] => results.map((result) => ({ ...result, source: 'offline' }));
export const fromOfflinePlace = (place: TLocationResult | null): TLocationResult | null => place && { ...place, source: 'offline' };

/** Where the number goes before the street ("10 Downing Street"); elsewhere after ("Europaplatz 1"). */
const NUMBER_FIRST = new Set(['US', 'CA', 'GB', 'IE', 'AU', 'NZ', 'FR', 'LU', 'IN', 'PH', 'ZA']);

function streetLineOf(place: PhotonFeature['properties']): string | undefined {
  if (!place.street) return undefined;
  if (!place.housenumber) return place.street;
  return NUMBER_FIRST.has(place.countrycode?.toUpperCase() ?? '')
    ? `${place.housenumber} ${place.street}`
    : `${place.street} ${place.housenumber}`;
}

function toLocationResult({ geometry, properties: place }: PhotonFeature): TLocationResult | undefined {
  const streetLine = streetLineOf(place);
  // A house has no name of its own: its street line says more than the city it is in.
  const name = place.name ?? streetLine ?? place.city ?? place.state ?? place.country;
  if (!name) return undefined;
  const parts: string[] = [];
  for (const part of [name, streetLine, place.city, place.state, place.postcode, place.country]) {
    if (part && !parts.some((kept) => kept.toLowerCase() === part.toLowerCase())) parts.push(part);
  }
  const [longitude, latitude] = geometry.coordinates;
  return { id: `photon:${place.osm_type}${place.osm_id}`, name, address: parts.join(', '), latitude, longitude, source: 'photon' };
}

async function askPhoton(url: URL, fetchImpl: typeof fetch, timeoutMs: number): Promise<TLocationResult[]> {
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = () => new Error(`Photon did not answer within ${timeoutMs} ms`);
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal.aborted) throw timedOut();
    throw new Error(`Photon could not be reached at ${url.origin}`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`Photon answered ${response.status} ${response.statusText}`.trim());
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (signal.aborted) throw timedOut();
  const answer = ZPhotonAnswer.safeParse(body);
  if (!answer.success) throw new Error('Photon answered something other than a GeoJSON FeatureCollection');
  const results = new Map<string, TLocationResult>();
  for (const feature of answer.data.features) {
    const result = toLocationResult(feature);
    if (result && !results.has(result.id)) results.set(result.id, result);
  }
  return [...results.values()].slice(0, LOCATION_SEARCH_MAX_RESULTS);
}

/**
 * Photon's location bias for the points a search is near: their bounding box's centre (`lat`, `lon`), a
 * `zoom` whose view spans the box (Photon favours places within about that view), and a
 * `location_bias_scale` below Photon's default 0.2, so nearness outweighs fame more than it does by default:
 * Fort Bragg, CA for a Californian trip, though Fort Bragg, NC is better known.
 */
export function photonBias(near: readonly LatLng[]): Record<string, string> {
  if (near.length === 0) return {};
  const latitudes = near.map((point) => point.latitude);
  const longitudes = near.map((point) => point.longitude);
  const [south, north, west, east] = [Math.min(...latitudes), Math.max(...latitudes), Math.min(...longitudes), Math.max(...longitudes)];
  const spanDegrees = Math.max(north - south, east - west, 0.01);
  const zoom = Math.min(14, Math.max(3, Math.floor(Math.log2(360 / spanDegrees))));
  const round = (degrees: number) => String(Math.round(degrees * 1e5) / 1e5);
  return { lat: round((south + north) / 2), lon: round((west + east) / 2), zoom: String(zoom), location_bias_scale: '0.1' };
}

export function createPhotonSearch(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
  options: PhotonSearchOptions = {},
): LocationSearch {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const endpoint = new URL('api/', base);
  const fallback = options.fallback ?? createGazetteerSearch();
  const logger = options.logger ?? createLogger('warn');
  const timeoutMs = options.timeoutMs ?? PHOTON_TIMEOUT_MS;
  const { answers } = options;

  /** Photon's answer to `url`, the kept one when there is one (only answers are kept, never a fallback). */
  async function cachedAnswer(url: URL, key: string): Promise<TLocationResult[]> {
    const kept = await answers?.get(key);
    if (kept) return kept.value;
    const results = await askPhoton(url, fetchImpl, timeoutMs);
    await answers?.set(key, results);
    return results;
  }

  return {
    source: 'photon',
    async search(query, near = []) {
      const url = new URL(endpoint);
      url.searchParams.set('q', query);
      url.searchParams.set('limit', String(LOCATION_SEARCH_MAX_RESULTS));
      for (const [key, value] of Object.entries(photonBias(near))) url.searchParams.set(key, value);
      // The same words differently typed are the same search.
      const key = `search ${query.trim().toLowerCase().replace(/\s+/g, ' ')} ${new URLSearchParams(photonBias(near))}`;
      try {
        return await cachedAnswer(url, key);
      } catch (error) {
        if (!skippedWhileDown(error)) logger.warn({ err: error, geocoder: endpoint.origin }, `location search fell back to the ${fallback.source}`);
        return fromOfflineList(await fallback.search(query, near));
      }
    },
    async reverse(point) {
      const url = new URL('reverse', base);
      url.searchParams.set('lat', String(point.latitude));
      url.searchParams.set('lon', String(point.longitude));
      url.searchParams.set('limit', '1');
      try {
        const [nearest] = await cachedAnswer(url, `reverse ${roundedPosition(point)}`);
        return nearest ?? null;
      } catch (error) {
        if (!skippedWhileDown(error)) logger.warn({ err: error, geocoder: endpoint.origin }, 'reverse geocoding found nothing: Photon did not answer');
        return fromOfflinePlace(await fallback.reverse(point));
      }
    },
  };
}
