/**
 * The printable itinerary (docs/product.md#export) as a PDF, drawn with pdfkit: the trip's title and totals, a route
 * picture drawn as vectors (pdfRouteMap.ts), then the plan day by day: each planned date with its stops in
 * trip order (number, name, leave-by, drive time and distance from the previous stop, address, notes), and
 * the stops not scheduled yet at the end, and a costs page when the trip has shared costs. A stop's lines are
 * kept on one page, and a day's heading with its first stop. Text is set in DejaVu Sans (embedded, subset by
 * pdfkit) so names beyond Latin-1 print as written.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatCalendarDate, formatDistance, formatDuration, messages, totalLegDistanceKm } from '@caravan/shared';
import { locatedStops, type ExportStop, type ExportTrip } from './exportTrip.ts';
import { writeCostsPage } from './pdfCostsPage.ts';
import { drawRouteMap } from './pdfRouteMap.ts';
import { stopDescriptionLines } from './stopDescription.ts';

const text = messages.tripExport.file;
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const FONTS = { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') };
const MARGIN = 50;
const MAP_HEIGHT = 230;
const MUTED = '#555b63';

interface Day {
  heading: string;
  stops: ExportStop[];
}

/** Planned dates in calendar order, each with its stops in trip order; unscheduled stops last. */
function days(stops: readonly ExportStop[]): Day[] {
  const byDate = new Map<string, ExportStop[]>();
  const unplanned: ExportStop[] = [];
  for (const stop of stops) {
    if (!stop.plannedDate) unplanned.push(stop);
    else byDate.set(stop.plannedDate, [...(byDate.get(stop.plannedDate) ?? []), stop]);
  }
  const planned = [...byDate.keys()].sort().map((date) => ({ heading: formatCalendarDate(date), stops: byDate.get(date)! }));
  return unplanned.length ? [...planned, { heading: text.unplanned, stops: unplanned }] : planned;
}

const STOP_GAP = 0.6;
const NAME = { size: 11, gap: 2 };
const DETAILS = { size: 9.5, indent: 14 };

/** A stop's block: its numbered name and its detail lines. */
function stopLines(stop: ExportStop, arrivalTime: string) {
  // The day's heading says the date: the arrival line would repeat it.
  return { name: `${stop.number}. ${stop.name}`, details: stopDescriptionLines({ ...stop, plannedDate: null }, arrivalTime) };
}

/** How tall the stop's block prints, with the gap after it, measured with the fonts it is set in. */
function stopHeight(doc: PDFKit.PDFDocument, stop: ExportStop, arrivalTime: string): number {
  const { name, details } = stopLines(stop, arrivalTime);
  let height = doc.font('bold').fontSize(NAME.size).heightOfString(name, { paragraphGap: NAME.gap });
  doc.font('regular').fontSize(DETAILS.size);
  for (const line of details) height += doc.heightOfString(line, { indent: DETAILS.indent });
  return height + STOP_GAP * doc.currentLineHeight(true);
}

/** Starts a new page unless `height` more fits on this one (or the page is still empty: a taller block must flow). */
function keepTogether(doc: PDFKit.PDFDocument, height: number): void {
  const bottom = doc.page.height - doc.page.margins.bottom;
  if (doc.y + height > bottom && doc.y > doc.page.margins.top) doc.addPage();
}

function writeStop(doc: PDFKit.PDFDocument, stop: ExportStop, arrivalTime: string): void {
  const { name, details } = stopLines(stop, arrivalTime);
  doc.font('bold').fontSize(NAME.size).fillColor('black').text(name, { paragraphGap: NAME.gap });
  doc.font('regular').fontSize(DETAILS.size).fillColor(MUTED);
  for (const line of details) doc.text(line, { indent: DETAILS.indent });
  doc.moveDown(STOP_GAP);
}

function writePlan(doc: PDFKit.PDFDocument, trip: ExportTrip): void {
  if (trip.stops.length === 0) {
    doc.font('regular').fontSize(11).fillColor('black').text(text.noStops);
    return;
  }
  for (const day of days(trip.stops)) {
    // A day's heading is not left alone at the foot of a page: it goes with its first stop.
    const headingHeight = doc.font('bold').fontSize(14).heightOfString(day.heading, { paragraphGap: 6 });
    keepTogether(doc, headingHeight + stopHeight(doc, day.stops[0], trip.arrivalTime));
    doc.font('bold').fontSize(14).fillColor('black').text(day.heading, { paragraphGap: 6 });
    for (const stop of day.stops) {
      // A stop's lines stay together on one page.
      keepTogether(doc, stopHeight(doc, stop, trip.arrivalTime));
      writeStop(doc, stop, trip.arrivalTime);
    }
    doc.moveDown(0.4);
  }
}

export function buildPdf(trip: ExportTrip, now = new Date()): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: trip.title, Creator: 'Caravan' } });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(20).text(trip.title);
  if (trip.description) doc.font('regular').fontSize(10.5).fillColor(MUTED).text(trip.description);
  const driving = trip.stops.reduce((sum, stop) => sum + (stop.driveMinutes ?? 0), 0);
  const totals = text.totals(trip.stops.length, formatDuration(driving), formatDistance(totalLegDistanceKm(trip.stops)));
  doc.font('regular').fontSize(10).fillColor(MUTED).text(totals).text(text.generated(formatCalendarDate(now.toISOString().slice(0, 10))));
  doc.moveDown(0.8);

  const mapTop = doc.y;
  drawRouteMap(doc, { x: MARGIN, y: mapTop, width: doc.page.width - 2 * MARGIN, height: MAP_HEIGHT }, trip.route, locatedStops(trip));
  // The markers' labels moved the text cursor: the plan starts below the picture.
  doc.x = MARGIN;
  doc.y = mapTop + MAP_HEIGHT + 16;

  writePlan(doc, trip);
  if (trip.costs) writeCostsPage(doc, trip.costs);
  doc.end();
  return done;
}
