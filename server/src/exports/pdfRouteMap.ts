/**
 * The PDF itinerary's route picture, drawn as vectors with pdfkit, with no tiles and no network: the base map
 * (pdfBaseMap.ts) fitted to the trip (mapProjection.ts), the route line (the road where legs have it, straight
 * elsewhere), a point per located stop, and each stop's number beside its point where it collides with no other
 * number or point (labelPlacement.ts), joined to the point by a leader line when it had to move further out.
 */
import type { ExportStop } from './exportTrip.ts';
import { placeLabels, type PlacedLabel } from './labelPlacement.ts';
import { BASE_MAP_COLOURS, drawBaseMap } from './pdfBaseMap.ts';
import { fitProjection, type Box, type Point } from './mapProjection.ts';
import type { LatLng } from './routeLine.ts';

const PADDING = 26;
const POINT_RADIUS = 3.5;
const LABEL = { fontSize: 7.5, height: 11, paddingX: 3, gap: 1.5 };
const COLORS = { frame: '#8c8590', route: '#1f6feb', casing: '#ffffff', marker: '#0b3d91', label: '#ffffff' };

type LocatedStop = ExportStop & { position: { latitude: number; longitude: number } };

function drawRoute(doc: PDFKit.PDFDocument, line: Point[]): void {
  // A white casing keeps the line readable over borders and coasts.
  for (const [width, colour] of [[4, COLORS.casing], [2, COLORS.route]] as const) {
    const [first, ...rest] = line;
    doc.moveTo(...first);
    for (const point of rest) doc.lineTo(...point);
    doc.lineWidth(width).lineJoin('round').lineCap('round').strokeColor(colour).stroke();
  }
}

/** The point on the label's edge nearest to `point`: where its leader line ends. */
const nearestOnLabel = ([x, y]: Point, label: PlacedLabel): Point => [
  Math.min(Math.max(x, label.x), label.x + label.width),
  Math.min(Math.max(y, label.y), label.y + label.height),
];

function drawStops(doc: PDFKit.PDFDocument, box: Box, points: Point[], stops: readonly LocatedStop[]): void {
  doc.font('bold').fontSize(LABEL.fontSize);
  const numbers = stops.map((stop) => String(stop.number));
  const sizes = numbers.map((number) => ({ width: doc.widthOfString(number) + 2 * LABEL.paddingX, height: LABEL.height }));
  const labels = placeLabels(points, sizes, { bounds: box, pointRadius: POINT_RADIUS, gap: LABEL.gap });
  labels.forEach((label, index) => {
    if (label.ring === 0) return;
    doc.moveTo(...points[index]).lineTo(...nearestOnLabel(points[index], label));
    doc.lineWidth(0.6).strokeColor(COLORS.marker).stroke();
  });
  for (const point of points) doc.circle(...point, POINT_RADIUS).lineWidth(1).fillAndStroke(COLORS.marker, COLORS.casing);
  labels.forEach((label, index) => {
    doc.roundedRect(label.x, label.y, label.width, label.height, 2.5).fill(COLORS.marker);
    const baselineOffset = (LABEL.height - LABEL.fontSize) / 2 - 0.5;
    doc.fillColor(COLORS.label).text(numbers[index], label.x, label.y + baselineOffset, { width: label.width, align: 'center', lineBreak: false });
  });
}

/** Draws the picture into `box`; the base map's water alone when no stop has a position. */
export function drawRouteMap(doc: PDFKit.PDFDocument, box: Box, route: readonly LatLng[], stops: readonly LocatedStop[]): void {
  doc.save();
  doc.roundedRect(box.x, box.y, box.width, box.height, 6).clip();
  const positions = stops.map((stop): LatLng => [stop.position.latitude, stop.position.longitude]);
  const fitted = [...route, ...positions];
  if (fitted.length === 0) {
    doc.rect(box.x, box.y, box.width, box.height).fill(BASE_MAP_COLOURS.water);
  } else {
    const projection = fitProjection(fitted, box, PADDING);
    const { project } = projection;
    drawBaseMap(doc, box, projection);
    if (route.length > 1) drawRoute(doc, route.map(project));
    drawStops(doc, box, positions.map(project), stops);
  }
  doc.restore();
  doc.roundedRect(box.x, box.y, box.width, box.height, 6).lineWidth(0.8).strokeColor(COLORS.frame).stroke();
}
