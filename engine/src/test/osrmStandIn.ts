/**
 * A stand-in OSRM server on 127.0.0.1 speaking OSRM's HTTP API (v1, profile driving): /route answers with a
 * road line (a full-resolution polyline winding between the points, a point every ~50 m as OSRM's
 * `overview=full` gives) and /table with `durations` and `distances`, refusing more than 100² cells with
 * TooBig as OSRM's default max-table-size does. It records every request; `reply` overrides the answers.
 */
import http from 'node:http';
import polyline from '@mapbox/polyline';
import type { Coordinates } from '../routing/driveTimes.ts';
import { haversineKm } from '../routing/greatCircle.ts';
import { closeServer, listenLocally } from './standInServer.ts';

export const STAND_IN_MAX_TABLE_SIZE = 100;
/** The stand-in's roads: 1.25 × the straight line, driven at 90 km/h. */
const ROAD_FACTOR = 1.25;
const SPEED_METRES_PER_SECOND = 25;

export interface OsrmStandIn {
  url: string;
  /** Every request received, in order, with when it arrived (performance.now()). */
  requests: { url: URL; at: number }[];
  /** Answers in place of OSRM's normal answer while set. */
  reply: ((response: http.ServerResponse, url: URL) => void) | null;
  close(): Promise<void>;
}

/** What the stand-in answers for a drive: seconds and metres. */
export function standInDrive(from: Coordinates, to: Coordinates): { seconds: number; metres: number } {
  const metres = Math.round(haversineKm(from, to) * ROAD_FACTOR * 10_000) / 10;
  return { seconds: Math.round((metres / SPEED_METRES_PER_SECOND) * 10) / 10, metres };
}

/** The full-resolution road line from `from` to `to`: [latitude, longitude] points that wind to either side. */
export function standInRoadLine(from: Coordinates, to: Coordinates): [number, number][] {
  const count = Math.max(2, Math.ceil((haversineKm(from, to) * 1000) / 50));
  const [dLat, dLon] = [to.latitude - from.latitude, to.longitude - from.longitude];
  return Array.from({ length: count + 1 }, (_, index) => {
    const t = index / count;
    // Bends of a few km across the straight line, gone at both ends.
    const bend = 0.03 * Math.sin(t * Math.PI * 12) * Math.sin(t * Math.PI);
    return [from.latitude + dLat * t - dLon * bend, from.longitude + dLon * t + dLat * bend];
  });
}

const waypoint = ({ latitude, longitude }: Coordinates) => ({
  hint: 'yGmDgJZpg4AoAAAAAAAAAAAAAAAAAAAArXPYQQAAAAAAAAAAAAAAACgAAAAAAAAAAAAAAAAAAAD0CgAAusSe-rVGTQI2xZ76Nk5NAgAA7xWNlNLt',
  distance: 0,
  name: '',
  location: [longitude, latitude],
});

function routeAnswer([from, to]: Coordinates[]) {
  const { seconds, metres } = standInDrive(from, to);
  const leg = { steps: [], summary: '', weight: seconds, duration: seconds, distance: metres };
  const geometry = polyline.encode(standInRoadLine(from, to), 5);
  const route = { geometry, legs: [leg], weight_name: 'routability', weight: seconds, duration: seconds, distance: metres };
  return { code: 'Ok', routes: [route], waypoints: [waypoint(from), waypoint(to)] };
}

function tableAnswer(points: Coordinates[], url: URL): [number, object] {
  const picked = (name: string) => url.searchParams.get(name)?.split(';').map(Number) ?? points.map((_, index) => index);
  const [sources, destinations] = [picked('sources'), picked('destinations')];
  if (sources.length * destinations.length > STAND_IN_MAX_TABLE_SIZE ** 2) {
    return [400, { code: 'TooBig', message: 'Too many table coordinates' }];
  }
  const drives = sources.map((i) => destinations.map((j) => standInDrive(points[i], points[j])));
  return [
    200,
    {
      code: 'Ok',
      durations: drives.map((row) => row.map((drive) => drive.seconds)),
      distances: drives.map((row) => row.map((drive) => drive.metres)),
      sources: sources.map((i) => waypoint(points[i])),
      destinations: destinations.map((j) => waypoint(points[j])),
    },
  ];
}

function osrmAnswer(url: URL): [number, object] {
  const match = /\/(route|table)\/v1\/driving\/([^/]+)$/.exec(url.pathname);
  if (!match) return [400, { code: 'InvalidUrl', message: `URL string malformed close to position 1: "${url.pathname}"` }];
  const points = match[2].split(';').map((pair) => {
    const [longitude, latitude] = pair.split(',').map(Number);
    return { latitude, longitude };
  });
  return match[1] === 'route' ? [200, routeAnswer(points)] : tableAnswer(points, url);
}

export async function startOsrmStandIn(): Promise<OsrmStandIn> {
  const standIn: OsrmStandIn = { url: '', requests: [], reply: null, close: () => closeServer(server) };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, standIn.url);
    standIn.requests.push({ url, at: performance.now() });
    if (standIn.reply) return standIn.reply(response, url);
    const [status, body] = osrmAnswer(url);
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  standIn.url = await listenLocally(server);
  return standIn;
}
