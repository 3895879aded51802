/**
 * Draws the PDF route picture's base map (baseMapShapes.ts) into a box with pdfkit: water, land, coasts, US state
 * and country borders in the app's embedded-map colours. Every shape is clipped to the picture (lineclip), projected
 * and thinned to points at least half a point apart, so the file holds only what can be seen.
 */
import type { Position } from 'geojson';
import { clipPolygon, clipPolyline, type BoundingBox, type Point as LinePoint } from 'lineclip';
import { baseMapShapes, type Shape } from './baseMapShapes.ts';
import type { Box, FittedProjection, Point } from './mapProjection.ts';

/** The embedded base map's light colours (web/src/components/tripMap/embedded/embeddedStyle.ts): paper is light. */
export const BASE_MAP_COLOURS = { water: '#cfe2ea', land: '#f4f1e8', coast: '#8fb1c0', countryBorder: '#8c8590', stateBorder: '#b9b1bb' } as const;

/** Closer points than this add nothing a printer can show. */
const MIN_STEP = 0.5;

function thinned(points: Point[]): Point[] {
  const kept: Point[] = [];
  for (const [index, point] of points.entries()) {
    const last = kept.at(-1);
    const isEnd = index === points.length - 1;
    if (!last || isEnd || Math.hypot(point[0] - last[0], point[1] - last[1]) >= MIN_STEP) kept.push(point);
  }
  return kept;
}

function trace(doc: PDFKit.PDFDocument, points: Point[], close: boolean): void {
  const [first, ...rest] = points;
  doc.moveTo(...first);
  for (const point of rest) doc.lineTo(...point);
  if (close) doc.closePath();
}

export function drawBaseMap(doc: PDFKit.PDFDocument, box: Box, { project, view }: FittedProjection): void {
  // Shapes are clipped on the globe, before projecting: a continent's coast has a hundred thousand points, the
  // picture a few hundred. A little beyond the view, so clipped edges lie outside the picture, never drawn as coast.
  const [west, south, east, north] = view;
  const margin = (east - west) / 100;
  const clip: BoundingBox = [west - margin, south - margin, east + margin, north + margin];
  const onPicture = ({ extent }: Shape) => extent[0] <= clip[2] && extent[2] >= clip[0] && extent[1] <= clip[3] && extent[3] >= clip[1];
  const projected = (positions: Position[]) => thinned(positions.map(([longitude, latitude]): Point => project([latitude, longitude])));
  const traceLines = (shapes: Shape[]) => {
    let traced = false;
    for (const shape of shapes.filter(onPicture)) {
      for (const part of clipPolyline(shape.positions as LinePoint[], clip)) {
        const points = projected(part);
        if (points.length < 2) continue;
        trace(doc, points, false);
        traced = true;
      }
    }
    return traced;
  };
  const { land, countryBorders, stateBorders } = baseMapShapes();

  doc.rect(box.x, box.y, box.width, box.height).fill(BASE_MAP_COLOURS.water);
  const visibleLand = land.filter((rings) => onPicture(rings[0]));
  for (const rings of visibleLand) {
    const drawable = rings
      .filter(onPicture)
      .map((ring) => projected(clipPolygon(ring.positions as LinePoint[], clip)))
      .filter((ring) => ring.length >= 3);
    if (drawable.length === 0) continue;
    for (const ring of drawable) trace(doc, ring, true);
    // Even-odd: a lake (a hole) stays water.
    doc.fill(BASE_MAP_COLOURS.land, 'even-odd');
  }
  doc.lineJoin('round').lineCap('round');
  if (traceLines(visibleLand.flat())) doc.lineWidth(0.6).strokeColor(BASE_MAP_COLOURS.coast).stroke();
  if (traceLines(stateBorders)) doc.lineWidth(0.5).dash(2, { space: 1.5 }).strokeColor(BASE_MAP_COLOURS.stateBorder).stroke().undash();
  if (traceLines(countryBorders)) doc.lineWidth(0.8).strokeColor(BASE_MAP_COLOURS.countryBorder).stroke();
}
