/**
 * Draws the PDF route picture's base map (baseMapShapes.ts) into a box with pdfkit: water, land, coasts, US state
 * and country borders in the app's embedded-map colours. Every shape is projected, clipped to the box (lineclip)
 * and thinned to points at least half a point apart, so the file holds only what can be seen.
 */
import { clipPolygon, clipPolyline, type BoundingBox } from 'lineclip';
import { baseMapShapes, type Shape } from './baseMapShapes.ts';
import type { Box, Point, Projection } from './mapProjection.ts';

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

export function drawBaseMap(doc: PDFKit.PDFDocument, box: Box, project: Projection): void {
  // A little beyond the box: the clipped edges lie outside the picture's own clip, never drawn as coast.
  const clip: BoundingBox = [box.x - 2, box.y - 2, box.x + box.width + 2, box.y + box.height + 2];
  const onPicture = ({ extent: [west, south, east, north] }: Shape) => {
    const [x1, y1] = project([north, west]);
    const [x2, y2] = project([south, east]);
    return x1 <= clip[2] && x2 >= clip[0] && y1 <= clip[3] && y2 >= clip[1];
  };
  const projected = (shape: Shape) => shape.positions.map(([longitude, latitude]): Point => project([latitude, longitude]));
  const strokeLines = (shapes: Shape[]) => {
    let drawn = false;
    for (const shape of shapes.filter(onPicture)) {
      for (const part of clipPolyline(projected(shape), clip)) {
        const points = thinned(part);
        if (points.length < 2) continue;
        trace(doc, points, false);
        drawn = true;
      }
    }
    return drawn;
  };
  const { land, countryBorders, stateBorders } = baseMapShapes();

  doc.rect(box.x, box.y, box.width, box.height).fill(BASE_MAP_COLOURS.water);
  const visibleLand = land.filter((rings) => onPicture(rings[0]));
  for (const rings of visibleLand) {
    const clipped = rings.filter(onPicture).map((ring) => thinned(clipPolygon(projected(ring), clip)));
    const drawable = clipped.filter((ring) => ring.length >= 3);
    if (drawable.length === 0) continue;
    for (const ring of drawable) trace(doc, ring, true);
    // Even-odd: a lake (a hole) stays water.
    doc.fill(BASE_MAP_COLOURS.land, 'even-odd');
  }
  doc.lineJoin('round').lineCap('round');
  if (strokeLines(visibleLand.flat())) doc.lineWidth(0.6).strokeColor(BASE_MAP_COLOURS.coast).stroke();
  if (strokeLines(stateBorders)) doc.lineWidth(0.5).dash(2, { space: 1.5 }).strokeColor(BASE_MAP_COLOURS.stateBorder).stroke().undash();
  if (strokeLines(countryBorders)) doc.lineWidth(0.8).strokeColor(BASE_MAP_COLOURS.countryBorder).stroke();
}
