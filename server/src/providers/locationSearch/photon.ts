/**
 * Location search and reverse geocoding (/reverse) through a Photon geocoder (https://github.com/komoot/photon,
 * OpenStreetMap data), used when GEOCODER_URL is set. When Photon fails (down, slow, non-OK, unreadable answer) the
 * type-ahead answers from the offline gazetteer instead of failing the request, and logs why.
 */
import { z } from 'zod';
import { LOCATION_SEARCH_MAX_RESULTS, type LatLng, type TLocationResult } from '@caravan/shared';
import { createLogger, type Logger } from '@caravan/engine';
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
}

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
  return { id: `photon:${place.osm_type}${place.osm_id}`, name, address: parts.join(', '), latitude, longitude };
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
  const reverseEndpoint = new URL('reverse', base);
  const fallback = options.fallback ?? createGazetteerSearch();
  const logger = options.logger ?? createLogger('warn');
  const timeoutMs = options.timeoutMs ?? PHOTON_TIMEOUT_MS;
  return {
    source: 'photon',
    async search(query, near = []) {
      const url = new URL(endpoint);
      url.searchParams.set('q', query);
      url.searchParams.set('limit', String(LOCATION_SEARCH_MAX_RESULTS));
      for (const [key, value] of Object.entries(photonBias(near))) url.searchParams.set(key, value);
      try {
        return await askPhoton(url, fetchImpl, timeoutMs);
      } catch (error) {
        logger.warn({ err: error, geocoder: endpoint.origin }, `location search fell back to the ${fallback.source}`);
        return fallback.search(query, near);
      }
    },
    async reverse({ latitude, longitude }) {
      const url = new URL(reverseEndpoint);
      url.searchParams.set('lat', String(latitude));
      url.searchParams.set('lon', String(longitude));
      url.searchParams.set('limit', '1');
      try {
        return (await askPhoton(url, fetchImpl, timeoutMs))[0] ?? null;
      } catch (error) {
        logger.warn({ err: error, geocoder: endpoint.origin }, `reverse geocoding fell back to the ${fallback.source}`);
        return fallback.reverse({ latitude, longitude });
      }
    },
  };
}
