/**
 * A trip's legs as short straight pieces in world units (mercator.ts), ready for the tile cover: a road line point
 * to point (the map draws it straight between its points), an estimate along its great circle (the map draws it as
 * an arc). Pieces are at most PIECE_KM long, so one scale (km per world unit, at the piece's end nearest a pole)
 * holds along each to within a fraction of a percent, erring wide.
 */
import type { LatLng } from '../domain/distance.ts';
import { hasPosition } from '../domain/position.ts';
import { latitudeOfWorldY, worldUnitsPerKm, worldX, worldY } from './mercator.ts';

/** One leg's line: the road's points, or (road false) its ends, joined along great circles. */
export interface OfflineMapLeg {
  line: LatLng[];
  road: boolean;
}

/** A straight piece in world units and the world units one km is along it. */
export interface RoutePiece {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  unitsPerKm: number;
}

const PIECE_KM = 20;
/** A degree of latitude, km: how far north or south a corridor reaches beyond its line, for the scale. */
const KM_PER_DEGREE = 111.2;
const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (value: number) => (value * 180) / Math.PI;

/** Points along the great circle from `from` to `to`, at most PIECE_KM apart, both ends included. */
function greatCirclePoints(from: LatLng, to: LatLng): LatLng[] {
  const [p1, l1, p2, l2] = [radians(from.latitude), radians(from.longitude), radians(to.latitude), radians(to.longitude)];
  const a = [Math.cos(p1) * Math.cos(l1), Math.cos(p1) * Math.sin(l1), Math.sin(p1)];
  const b = [Math.cos(p2) * Math.cos(l2), Math.cos(p2) * Math.sin(l2), Math.sin(p2)];
  const angle = Math.acos(Math.max(-1, Math.min(1, a[0] * b[0] + a[1] * b[1] + a[2] * b[2])));
  const steps = Math.ceil((angle * 6371) / PIECE_KM);
  if (steps <= 1 || Math.sin(angle) < 1e-12) return [from, to];
  const points: LatLng[] = [];
  for (let step = 0; step <= steps; step += 1) {
    const t = step / steps;
    const [wa, wb] = [Math.sin((1 - t) * angle) / Math.sin(angle), Math.sin(t * angle) / Math.sin(angle)];
    const [x, y, z] = [0, 1, 2].map((i) => wa * a[i] + wb * b[i]);
    points.push({ latitude: degrees(Math.atan2(z, Math.hypot(x, y))), longitude: degrees(Math.atan2(y, x)) });
  }
  return points;
}

/** The line as drawn: road points as they are, an estimate's ends joined along great circles. */
function drawnLine(leg: OfflineMapLeg): LatLng[] {
  const points = leg.line.filter(hasPosition);
  if (leg.road || points.length < 2) return points;
  return points.slice(1).flatMap((to, index) => greatCirclePoints(points[index], to).slice(index === 0 ? 0 : 1));
}

/** Adds the pieces of the segment from (ax, ay) to (bx, by), split to at most PIECE_KM each, to `out`. */
function addSegment(ax: number, ay: number, bx: number, by: number, out: RoutePiece[]): void {
  const [latitudeA, latitudeB] = [latitudeOfWorldY(ay), latitudeOfWorldY(by)];
  const km = Math.hypot(bx - ax, by - ay) / worldUnitsPerKm((latitudeA + latitudeB) / 2);
  const parts = Math.max(1, Math.ceil(km / PIECE_KM));
  if (parts === 1) {
    const nearPole = Math.max(Math.abs(latitudeA), Math.abs(latitudeB));
    out.push({ ax, ay, bx, by, unitsPerKm: worldUnitsPerKm(nearPole + PIECE_KM / KM_PER_DEGREE) });
    return;
  }
  for (let part = 0; part < parts; part += 1) {
    const [t0, t1] = [part / parts, (part + 1) / parts];
    const [y0, y1] = [ay + (by - ay) * t0, ay + (by - ay) * t1];
    const nearPole = Math.max(Math.abs(latitudeOfWorldY(y0)), Math.abs(latitudeOfWorldY(y1)));
    out.push({ ax: ax + (bx - ax) * t0, ay: y0, bx: ax + (bx - ax) * t1, by: y1, unitsPerKm: worldUnitsPerKm(nearPole + PIECE_KM / KM_PER_DEGREE) });
  }
}

/** The pieces of every leg's line; longitudes are carried on past ±180° so a line across the date line stays whole. */
export function routePieces(legs: readonly OfflineMapLeg[]): RoutePiece[] {
  const pieces: RoutePiece[] = [];
  for (const leg of legs) {
    const line = drawnLine(leg);
    let longitude = line[0]?.longitude ?? 0;
    for (let index = 1; index < line.length; index += 1) {
      let next = line[index].longitude;
      while (next - longitude > 180) next -= 360;
      while (next - longitude < -180) next += 360;
      addSegment(worldX(longitude), worldY(line[index - 1].latitude), worldX(next), worldY(line[index].latitude), pieces);
      longitude = next;
    }
  }
  return pieces;
}

/** A stop as a piece of no length: its corridor is a disk. */
export function pointPiece(point: LatLng): RoutePiece {
  const [x, y] = [worldX(point.longitude), worldY(point.latitude)];
  return { ax: x, ay: y, bx: x, by: y, unitsPerKm: worldUnitsPerKm(Math.abs(point.latitude) + PIECE_KM / KM_PER_DEGREE) };
}
