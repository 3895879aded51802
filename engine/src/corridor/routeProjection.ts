/**
 * Where a place lies along a measured route: the nearest point of the line, how far along the route that is, how
 * far off it the place is, and the leg it falls on. A route that doubles back passes a place twice: the place
 * belongs to the nearer part, and to the earlier one when both are as near. Segments are found through a grid of
 * cells, each listing the segments that come within `reachKm` of it, so a place is measured against a few segments,
 * not the whole line; a place farther than `reachKm` from every segment is outside the corridor.
 */
import type { LatLng } from '@caravan/shared';
import type { MeasuredRoute } from './measuredRoute.ts';

export interface RouteIndex {
  route: MeasuredRoute;
  reachKm: number;
  cells: Map<number, number[]>;
}

export interface RoutePosition {
  alongKm: number;
  offKm: number;
  legIndex: number;
  /** The nearest point of the line. */
  nearest: LatLng;
}

const CELL_DEGREES = 0.1;
const KM_PER_DEGREE_LATITUDE = 110.574;
const KM_PER_DEGREE_LONGITUDE = 111.32;
/** Nearer by less than this (1 mm) is as near: the earlier segment keeps the place. */
const TIE_KM = 1e-6;

const cellRow = (latitude: number) => Math.floor((latitude + 90) / CELL_DEGREES);
const cellColumn = (longitude: number) => Math.floor((longitude + 180) / CELL_DEGREES);
const cellKey = (row: number, column: number) => row * 10_000 + column;

export function indexRoute(route: MeasuredRoute, reachKm: number): RouteIndex {
  const { latitudes, longitudes } = route;
  const cells = new Map<number, number[]>();
  const latitudePad = reachKm / KM_PER_DEGREE_LATITUDE;
  for (let segment = 0; segment < latitudes.length - 1; segment += 1) {
    const south = Math.min(latitudes[segment], latitudes[segment + 1]) - latitudePad;
    const north = Math.max(latitudes[segment], latitudes[segment + 1]) + latitudePad;
    const widest = Math.min(89, Math.max(Math.abs(south), Math.abs(north)));
    const longitudePad = reachKm / (KM_PER_DEGREE_LONGITUDE * Math.cos((widest * Math.PI) / 180));
    const west = Math.min(longitudes[segment], longitudes[segment + 1]) - longitudePad;
    const east = Math.max(longitudes[segment], longitudes[segment + 1]) + longitudePad;
    for (let row = cellRow(south); row <= cellRow(north); row += 1) {
      for (let column = cellColumn(west); column <= cellColumn(east); column += 1) {
        const key = cellKey(row, column);
        const list = cells.get(key);
        if (list) list.push(segment);
        else cells.set(key, [segment]);
      }
    }
  }
  return { route, reachKm, cells };
}

/** The place's position along the route, or null when it is farther than the index's reach from the line. */
export function projectOntoRoute({ route, reachKm, cells }: RouteIndex, place: LatLng): RoutePosition | null {
  const candidates = cells.get(cellKey(cellRow(place.latitude), cellColumn(place.longitude)));
  if (!candidates) return null;
  const { latitudes, longitudes, alongKm, segmentLeg } = route;
  // Kilometres east and north of the place, flat around it: exact enough within a corridor's width.
  const kx = KM_PER_DEGREE_LONGITUDE * Math.cos((place.latitude * Math.PI) / 180);
  const ky = KM_PER_DEGREE_LATITUDE;
  let best: { segment: number; share: number; offKm: number } | null = null;
  for (const segment of candidates) {
    const ax = (longitudes[segment] - place.longitude) * kx;
    const ay = (latitudes[segment] - place.latitude) * ky;
    const dx = (longitudes[segment + 1] - place.longitude) * kx - ax;
    const dy = (latitudes[segment + 1] - place.latitude) * ky - ay;
    const lengthSquared = dx * dx + dy * dy;
    const share = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared));
    const offKm = Math.hypot(ax + share * dx, ay + share * dy);
    // Candidates are in route order: a later segment takes the place only when it is nearer.
    if (best === null || offKm < best.offKm - TIE_KM) best = { segment, share, offKm };
  }
  if (!best || best.offKm > reachKm) return null;
  const { segment, share, offKm } = best;
  return {
    alongKm: alongKm[segment] + share * (alongKm[segment + 1] - alongKm[segment]),
    offKm,
    legIndex: segmentLeg[segment],
    nearest: {
      latitude: latitudes[segment] + share * (latitudes[segment + 1] - latitudes[segment]),
      longitude: longitudes[segment] + share * (longitudes[segment + 1] - longitudes[segment]),
    },
  };
}
