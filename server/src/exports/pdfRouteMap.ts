/**
 * The PDF itinerary's route picture: the route line and numbered stop markers drawn as vectors with pdfkit,
 * with no tiles and no network. Positions are projected equirectangularly (longitude scaled by the cosine of
 * the middle latitude, so shapes keep their proportions at road-trip scale) and fitted into the box.
 */
import type { ExportStop } from './exportTrip.ts';
import type { LatLng } from './routeLine.ts';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const PADDING = 18;
const MARKER_RADIUS = 7;
const COLORS = { frame: '#c8ccd2', background: '#f4f6f8', route: '#1f6feb', marker: '#0b3d91', label: '#ffffff' };

/** A function placing [latitude, longitude] in the box, fitted to `points`. */
function projection(points: readonly LatLng[], box: Box): (point: LatLng) => [number, number] {
  const middleLatitude = (Math.min(...points.map((p) => p[0])) + Math.max(...points.map((p) => p[0]))) / 2;
  const xScale = Math.cos((middleLatitude * Math.PI) / 180);
  const flat = points.map(([latitude, longitude]) => [longitude * xScale, latitude] as const);
  const [minX, maxX] = [Math.min(...flat.map((p) => p[0])), Math.max(...flat.map((p) => p[0]))];
  const [minY, maxY] = [Math.min(...flat.map((p) => p[1])), Math.max(...flat.map((p) => p[1]))];
  const inner = { width: box.width - 2 * PADDING, height: box.height - 2 * PADDING };
  // One point (or one place) has no extent: it sits in the middle.
  const scale = Math.min(inner.width / (maxX - minX || 1), inner.height / (maxY - minY || 1));
  const offsetX = box.x + PADDING + (inner.width - (maxX - minX) * scale) / 2;
  const offsetY = box.y + PADDING + (inner.height - (maxY - minY) * scale) / 2;
  return ([latitude, longitude]) => [offsetX + (longitude * xScale - minX) * scale, offsetY + (maxY - latitude) * scale];
}

/** Draws the picture into `box`; nothing but the frame when no stop has a position. */
export function drawRouteMap(
  doc: PDFKit.PDFDocument,
  box: Box,
  route: readonly LatLng[],
  stops: ReadonlyArray<ExportStop & { position: { latitude: number; longitude: number } }>,
): void {
  doc.save();
  doc.roundedRect(box.x, box.y, box.width, box.height, 6).fillAndStroke(COLORS.background, COLORS.frame);
  const points: LatLng[] = [...route, ...stops.map((stop): LatLng => [stop.position.latitude, stop.position.longitude])];
  if (points.length > 0) {
    const place = projection(points, box);
    if (route.length > 1) {
      const [first, ...rest] = route.map(place);
      doc.moveTo(...first);
      for (const point of rest) doc.lineTo(...point);
      doc.lineWidth(2).lineJoin('round').strokeColor(COLORS.route).stroke();
    }
    for (const stop of stops) {
      const [x, y] = place([stop.position.latitude, stop.position.longitude]);
      doc.circle(x, y, MARKER_RADIUS).fill(COLORS.marker);
      doc.fillColor(COLORS.label).fontSize(7).text(String(stop.number), x - MARKER_RADIUS, y - 3.5, { width: 2 * MARKER_RADIUS, align: 'center', lineBreak: false });
    }
  }
  doc.restore();
}
