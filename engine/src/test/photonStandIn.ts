/**
 * A stand-in Photon geocoder on 127.0.0.1 speaking Photon's HTTP API: /api?q= answers the places it knows whose
 * name contains the query (GeoJSON features as Photon gives them), /reverse?lat=&lon= the nearest of them, and
 * /status `{"status":"Ok"}`. It records every request (with its User-Agent); `reply` overrides the answers.
 */
import http from 'node:http';
import { haversineKm } from '../routing/greatCircle.ts';
import { closeServer, listenLocally } from './standInServer.ts';

export interface PhotonStandInPlace {
  osmId: number;
  name: string;
  city?: string;
  state?: string;
  country: string;
  countrycode: string;
  latitude: number;
  longitude: number;
}

/** Places of the US west coast an offline list of towns does not know by these ids. */
export const PHOTON_STAND_IN_PLACES: readonly PhotonStandInPlace[] = [
  { osmId: 151_001, name: 'Mendocino', state: 'California', country: 'United States', countrycode: 'US', latitude: 39.3077, longitude: -123.7995 },
  { osmId: 151_002, name: 'Myers Flat', state: 'California', country: 'United States', countrycode: 'US', latitude: 40.2657, longitude: -123.8706 },
  { osmId: 151_003, name: 'Bandon', state: 'Oregon', country: 'United States', countrycode: 'US', latitude: 43.119, longitude: -124.4084 },
];

export interface PhotonStandIn {
  url: string;
  requests: { url: URL; userAgent: string | undefined }[];
  reply: ((response: http.ServerResponse, url: URL) => void) | null;
  close(): Promise<void>;
}

const feature = (place: PhotonStandInPlace) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [place.longitude, place.latitude] },
  properties: {
    osm_type: 'N',
    osm_id: place.osmId,
    osm_key: 'place',
    osm_value: 'village',
    name: place.name,
    city: place.city,
    state: place.state,
    country: place.country,
    countrycode: place.countrycode,
  },
});

function photonAnswer(url: URL): [number, object] {
  if (url.pathname.endsWith('/status')) return [200, { status: 'Ok' }];
  if (url.pathname.endsWith('/api/') || url.pathname.endsWith('/api')) {
    const query = (url.searchParams.get('q') ?? '').trim().toLowerCase();
    const found = PHOTON_STAND_IN_PLACES.filter((place) => query && place.name.toLowerCase().includes(query));
    return [200, { type: 'FeatureCollection', features: found.map(feature) }];
  }
  if (url.pathname.endsWith('/reverse')) {
    const point = { latitude: Number(url.searchParams.get('lat')), longitude: Number(url.searchParams.get('lon')) };
    const nearest = [...PHOTON_STAND_IN_PLACES].sort((a, b) => haversineKm(point, a) - haversineKm(point, b))[0];
    return [200, { type: 'FeatureCollection', features: [feature(nearest)] }];
  }
  return [400, { message: 'unknown request' }];
}

export async function startPhotonStandIn(): Promise<PhotonStandIn> {
  const standIn: PhotonStandIn = { url: '', requests: [], reply: null, close: () => closeServer(server) };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, standIn.url);
    standIn.requests.push({ url, userAgent: request.headers['user-agent'] });
    if (standIn.reply) return standIn.reply(response, url);
    const [status, body] = photonAnswer(url);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  // A test may wait longer than Node's 5 s keep-alive between requests: keep the client's pooled socket usable.
  server.keepAliveTimeout = 60_000;
  standIn.url = await listenLocally(server);
  return standIn;
}
