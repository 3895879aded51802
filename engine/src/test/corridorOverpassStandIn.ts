/**
 * A stand-in Overpass interpreter for corridor searches on 127.0.0.1 (POST /api/interpreter, the QL in the `data`
 * form field, JSON out) holding a fixed set of places: for each statement `nwr["key"~"^(a|b)$"](around:R,lat,lon,…)`
 * of a query it answers the places with one of those tag values within R metres of the polyline, as Overpass's
 * `around` over a line does, each once, with `center` for ways. It records every query and how long it took to
 * answer; `reply` overrides the answers. `syntheticRoadPlaces` makes a realistic density of places along a road.
 */
import type http from 'node:http';
import { serveOverpass } from './overpassStandIn.ts';

export interface StandInPlace {
  type: 'node' | 'way';
  id: number;
  lat: number;
  lon: number;
  tags: Record<string, string>;
}

export interface CorridorOverpassStandIn {
  url: string;
  places: StandInPlace[];
  queries: string[];
  reply: ((response: http.ServerResponse) => void) | null;
  close(): Promise<void>;
}

const KM_PER_DEGREE = 111.2;

/** Metres from the point to the polyline [lat1, lon1, lat2, lon2, …] (flat around the point: a stand-in's precision). */
function metresFromLine(lat: number, lon: number, line: number[]): number {
  const kx = KM_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  const points = Array.from({ length: line.length / 2 }, (_, index) => [(line[2 * index + 1] - lon) * kx, (line[2 * index] - lat) * KM_PER_DEGREE]);
  let best = Math.hypot(points[0][0], points[0][1]);
  for (let index = 1; index < points.length; index += 1) {
    const [[ax, ay], [bx, by]] = [points[index - 1], points[index]];
    const [dx, dy] = [bx - ax, by - ay];
    const lengthSquared = dx * dx + dy * dy;
    const share = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared));
    best = Math.min(best, Math.hypot(ax + share * dx, ay + share * dy));
  }
  return best * 1000;
}

/** The places a query's statements select. */
export function answerCorridorQuery(query: string, places: readonly StandInPlace[]): StandInPlace[] {
  const found = new Map<string, StandInPlace>();
  for (const [, key, values, radius, coordinates] of query.matchAll(/nwr\["([a-z_]+)"~"\^\(([^)]*)\)\$"\]\(around:(\d+),([-\d.,]+)\)/g)) {
    const wanted = new Set(values.split('|'));
    const line = coordinates.split(',').map(Number);
    for (const place of places) {
      if (!wanted.has(place.tags[key]) || found.has(`${place.type}/${place.id}`)) continue;
      if (metresFromLine(place.lat, place.lon, line) <= Number(radius)) found.set(`${place.type}/${place.id}`, place);
    }
  }
  return [...found.values()];
}

const asOverpass = (place: StandInPlace) =>
  place.type === 'node' ? place : { type: 'way', id: place.id, center: { lat: place.lat, lon: place.lon }, tags: place.tags };

export async function startCorridorOverpassStandIn(places: StandInPlace[] = []): Promise<CorridorOverpassStandIn> {
  const standIn: Omit<CorridorOverpassStandIn, 'url' | 'close'> = { places, queries: [], reply: null };
  return serveOverpass(standIn, (query) => answerCorridorQuery(query, standIn.places).map(asOverpass));
}

/** Kinds of place by how many a road passes per 100 km within a few km of it (a rural interstate and its towns). */
const DENSITY_PER_100_KM: ReadonlyArray<[count: number, tags: Record<string, string>]> = [
  [40, { amenity: 'fuel', brand: 'Chevron' }],
  [15, { amenity: 'charging_station', 'socket:type2_combo': '4', 'socket:type2_combo:output': '150 kW' }],
  [10, { amenity: 'charging_station', 'socket:type2': '2', 'socket:type2:output': '22 kW' }],
  [6, { highway: 'rest_area' }],
  [8, { tourism: 'camp_site', name: 'Riverside Campground' }],
  [25, { tourism: 'motel', name: 'Roadside Motel' }],
  [120, { amenity: 'restaurant', name: 'Diner', opening_hours: 'Mo-Su 07:00-22:00' }],
  [60, { amenity: 'fast_food', name: 'Burger Stop' }],
  [20, { tourism: 'viewpoint', name: 'Vista Point' }],
  [15, { amenity: 'toilets' }],
];

/**
 * Places along a straight road from `from` heading east for `km` km, each kind at its density, scattered up to
 * `spreadKm` either side (a deterministic pseudo-random spread, so runs compare).
 */
export function syntheticRoadPlaces(from: { latitude: number; longitude: number }, km: number, spreadKm = 12): StandInPlace[] {
  const places: StandInPlace[] = [];
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const kx = KM_PER_DEGREE * Math.cos((from.latitude * Math.PI) / 180);
  let id = 1;
  for (const [per100, tags] of DENSITY_PER_100_KM) {
    const count = Math.round((per100 * km) / 100);
    for (let index = 0; index < count; index += 1) {
      const along = random() * km;
      const off = (random() * 2 - 1) * spreadKm;
      places.push({ type: id % 3 === 0 ? 'way' : 'node', id: id++, lat: from.latitude + off / KM_PER_DEGREE, lon: from.longitude + along / kx, tags: { ...tags } });
    }
  }
  return places;
}
