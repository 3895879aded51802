/**
 * Where a [latitude, longitude] falls in a box of the PDF's route picture: an equirectangular projection (longitude
 * scaled by the cosine of the middle latitude, so shapes keep their proportions at road-trip scale) fitted to the
 * trip's points with padding, and never closer in than MIN_SPAN_DEGREES, so one stop still shows its surroundings.
 */
import type { LatLng } from './routeLine.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** [x, y] in PDF points, y growing downwards as pdfkit draws. */
export type Point = [number, number];
export type Projection = (point: LatLng) => Point;

export interface FittedProjection {
  project: Projection;
  /** The box's own extent on the globe, [west, south, east, north]: what lies outside it is off the picture. */
  view: [number, number, number, number];
}

/** About 45 km north to south: a city's coast and its neighbours around a single stop. */
const MIN_SPAN_DEGREES = 0.4;

/** A projection fitting `points` (at least one) into `box` less `padding` on every side, centred. */
export function fitProjection(points: readonly LatLng[], box: Box, padding: number): FittedProjection {
  const latitudes = points.map((point) => point[0]);
  const middleLatitude = (Math.min(...latitudes) + Math.max(...latitudes)) / 2;
  const xScale = Math.cos((middleLatitude * Math.PI) / 180);
  const flat = points.map(([latitude, longitude]) => [longitude * xScale, latitude] as const);
  const [minX, maxX] = [Math.min(...flat.map((p) => p[0])), Math.max(...flat.map((p) => p[0]))];
  const [minY, maxY] = [Math.min(...flat.map((p) => p[1])), Math.max(...flat.map((p) => p[1]))];
  const span = { x: Math.max(maxX - minX, MIN_SPAN_DEGREES), y: Math.max(maxY - minY, MIN_SPAN_DEGREES) };
  const scale = Math.min((box.width - 2 * padding) / span.x, (box.height - 2 * padding) / span.y);
  const centre = { x: (minX + maxX) / 2, y: (minY + maxY) / 2 };
  const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const halfWidth = box.width / 2 / scale;
  const halfHeight = box.height / 2 / scale;
  return {
    project: ([latitude, longitude]) => [middle.x + (longitude * xScale - centre.x) * scale, middle.y - (latitude - centre.y) * scale],
    view: [(centre.x - halfWidth) / xScale, centre.y - halfHeight, (centre.x + halfWidth) / xScale, centre.y + halfHeight],
  };
}
