/**
 * The printable itinerary (docs/product.md#export) as a PDF, drawn with pdfkit: the trip's title and totals, a route
 * picture drawn as vectors (pdfRouteMap.ts), then the plan day by day. A timed trip (ExportTrip.days) goes by the
 * schedule's days: each day's header (its date, from → to, driving time and distance, first departure and last
 * arrival, where the group sleeps, the weather where the day ends, the day's warnings in words) over its stops with their local times, waits,
 * stays, leave-by, drives, weather and sun, lodging and warnings (the weather's credit after the plan). An untimed trip lists each planned date with its stops, and the
 * stops not scheduled yet at the end. Distances are in the reader's unit (ExportTrip.distanceUnit). A costs page follows when the trip has shared costs. A stop's lines are
 * kept on one page, and a day's header with its first stop. Text is set in DejaVu Sans (embedded, subset by
 * pdfkit) so names beyond Latin-1 print as written.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { dayWeatherText, formatCalendarDate, formatDistanceIn, formatDuration, messages, totalLegDistanceKm, type DistanceUnit, type ScheduleDay } from '@caravan/shared';
import { darkDriveWarning } from './darkDriveWords.ts';
import { locatedStops, stopById, type ExportStop, type ExportTrip } from './exportTrip.ts';
import { formatClock } from './localTimes.ts';
import { writeCostsPage } from './pdfCostsPage.ts';
import { drawRouteMap } from './pdfRouteMap.ts';
import { dayWarningWords } from './scheduleWords.ts';
import { stopDescriptionLines } from './stopDescription.ts';

const text = messages.tripExport.file;
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const FONTS = { regular: fontFile('DejaVuSans.ttf'), bold: fontFile('DejaVuSans-Bold.ttf') };
const MARGIN = 50;
const MAP_HEIGHT = 230;
const MUTED = '#555b63';
/** Warnings stand out from the plan around them: a dark orange that reads on white and in greyscale print. */
const WARNING = '#9a3412';
const isWarning = (line: string) => line.startsWith(`${text.warning}:`);

interface Day {
  heading: string;
  /** The day's summary under its heading: route, times, where we sleep, warnings. */
  lines: string[];
  stops: ExportStop[];
}

/** Driving time and distance: the schedule's days' (as their headers add them up), else the current legs'. */
function tripTotals(trip: ExportTrip): [string, string] {
  if (trip.days.length) {
    const sum = (of: (day: ScheduleDay) => number) => trip.days.reduce((total, day) => total + of(day), 0);
    return [formatDuration(sum((day) => day.drivingMinutes)), formatDistanceIn(Math.round(sum((day) => day.distanceKm) * 10) / 10, trip.distanceUnit)];
  }
  const driving = trip.stops.reduce((total, stop) => total + (stop.driveMinutes ?? 0), 0);
  return [formatDuration(driving), formatDistanceIn(totalLegDistanceKm(trip.stops), trip.distanceUnit)];
}

/** The schedule's days, each with its header lines and its stops in trip order. */
function scheduledDays(trip: ExportTrip): Day[] {
  const byId = stopById(trip);
  const nameOf = (stopId: string) => byId.get(stopId)?.name ?? '';
  return trip.days.flatMap((day: ScheduleDay) => {
    const from = byId.get(day.fromStopId)!;
    const to = byId.get(day.toStopId)!;
    const clock = (ms: number, stop: ExportStop) => formatClock({ ms, zone: stop.times!.timeZone });
    const lines = [
      text.dayRoute(from.name, to.name),
      text.dayTimes(formatDuration(day.drivingMinutes), formatDistanceIn(day.distanceKm, trip.distanceUnit), clock(day.firstDepartureMs, from), clock(day.lastArrivalMs, to)),
      ...(day.sleep ? [text.sleep(day.sleep.lodgingName ?? nameOf(day.sleep.stopId), day.sleep.nights)] : []),
      ...(to.sky?.weather ? [text.weatherAt(to.name, dayWeatherText(to.sky.weather, trip.distanceUnit))] : []),
      ...darkDriveLines(trip, day.day, byId),
      // Where the range runs out is said on the stop not reached (stopDescription.ts), which every format carries.
      ...day.warnings.filter((warning) => warning.kind !== 'rangeRunsOut').map((warning) => `${text.warning}: ${dayWarningWords(warning, nameOf, trip.distanceUnit)}`),
    ];
    const place = day.sleep ? (day.sleep.lodgingName ?? nameOf(day.sleep.stopId)) : '';
    // Nights count as days: a 2-night stay's rest day has its own heading.
    const rests = day.restDays.map((rest): Day => ({ heading: text.day(rest.day, formatCalendarDate(rest.date)), lines: [text.restDay(place)], stops: [] }));
    return [{ heading: text.day(day.day, formatCalendarDate(day.date)), lines, stops: day.stopIds.map((id) => byId.get(id)!) }, ...rests];
  });
}

/** The day's drive in the dark as a warning line, when the owner asked for it (the calendar's event says the same). */
function darkDriveLines(trip: ExportTrip, day: number, byId: Map<string, ExportStop>): string[] {
  const dark = trip.darkDrives?.[day];
  return dark ? [darkDriveWarning(dark, byId.get(dark.stopId)?.name ?? '')] : [];
}

/** Planned dates in calendar order, each with its stops in trip order; unscheduled stops last. */
function plannedDays(stops: readonly ExportStop[]): Day[] {
  const byDate = new Map<string, ExportStop[]>();
  const unplanned: ExportStop[] = [];
  for (const stop of stops) {
    if (!stop.plannedDate) unplanned.push(stop);
    else byDate.set(stop.plannedDate, [...(byDate.get(stop.plannedDate) ?? []), stop]);
  }
  const planned = [...byDate.keys()].sort().map((date) => ({ heading: formatCalendarDate(date), lines: [], stops: byDate.get(date)! }));
  return unplanned.length ? [...planned, { heading: text.unplanned, lines: [], stops: unplanned }] : planned;
}

const STOP_GAP = 0.6;
const NAME = { size: 11, gap: 2 };
const DETAILS = { size: 9.5, indent: 14 };
const HEADING = { size: 14, gap: 6 };
const DAY_LINE = { size: 10 };

/** A stop's block: its numbered name and its detail lines. */
function stopLines(stop: ExportStop, unit: DistanceUnit) {
  // The day's heading says the date (the arrival line would repeat it, and the times need only their clock) and the
  // drive in the dark.
  return { name: `${stop.number}. ${stop.name}`, details: stopDescriptionLines({ ...stop, plannedDate: null, darkDrive: null }, unit, formatClock) };
}

/** How tall the stop's block prints, with the gap after it, measured with the fonts it is set in. */
function stopHeight(doc: PDFKit.PDFDocument, stop: ExportStop, unit: DistanceUnit): number {
  const { name, details } = stopLines(stop, unit);
  let height = doc.font('bold').fontSize(NAME.size).heightOfString(name, { paragraphGap: NAME.gap });
  doc.font('regular').fontSize(DETAILS.size);
  for (const line of details) height += doc.heightOfString(line, { indent: DETAILS.indent });
  return height + STOP_GAP * doc.currentLineHeight(true);
}

/** How tall a day's heading and summary print. */
function dayHeadHeight(doc: PDFKit.PDFDocument, day: Day): number {
  let height = doc.font('bold').fontSize(HEADING.size).heightOfString(day.heading, { paragraphGap: HEADING.gap });
  doc.font('regular').fontSize(DAY_LINE.size);
  for (const line of day.lines) height += doc.heightOfString(line);
  return height + (day.lines.length ? 0.5 * doc.currentLineHeight(true) : 0);
}

/** Starts a new page unless `height` more fits on this one (or the page is still empty: a taller block must flow). */
function keepTogether(doc: PDFKit.PDFDocument, height: number): void {
  const bottom = doc.page.height - doc.page.margins.bottom;
  if (doc.y + height > bottom && doc.y > doc.page.margins.top) doc.addPage();
}

function writeStop(doc: PDFKit.PDFDocument, stop: ExportStop, unit: DistanceUnit): void {
  const { name, details } = stopLines(stop, unit);
  doc.font('bold').fontSize(NAME.size).fillColor('black').text(name, { paragraphGap: NAME.gap });
  doc.font('regular').fontSize(DETAILS.size);
  for (const line of details) doc.fillColor(isWarning(line) ? WARNING : MUTED).text(line, { indent: DETAILS.indent });
  doc.moveDown(STOP_GAP);
}

function writeDayHead(doc: PDFKit.PDFDocument, day: Day): void {
  doc.font('bold').fontSize(HEADING.size).fillColor('black').text(day.heading, { paragraphGap: HEADING.gap });
  doc.font('regular').fontSize(DAY_LINE.size);
  for (const line of day.lines) doc.fillColor(isWarning(line) ? WARNING : 'black').text(line);
  if (day.lines.length) doc.moveDown(0.5);
}

function writePlan(doc: PDFKit.PDFDocument, trip: ExportTrip): void {
  if (trip.stops.length === 0) {
    doc.font('regular').fontSize(11).fillColor('black').text(text.noStops);
    return;
  }
  for (const day of trip.days.length ? scheduledDays(trip) : plannedDays(trip.stops)) {
    // A day's heading is not left alone at the foot of a page: it goes with its first stop.
    keepTogether(doc, dayHeadHeight(doc, day) + (day.stops.length ? stopHeight(doc, day.stops[0], trip.distanceUnit) : 0));
    writeDayHead(doc, day);
    for (const stop of day.stops) {
      // A stop's lines stay together on one page.
      keepTogether(doc, stopHeight(doc, stop, trip.distanceUnit));
      writeStop(doc, stop, trip.distanceUnit);
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
  const totals = text.totals(trip.stops.length, ...tripTotals(trip));
  doc.font('regular').fontSize(10).fillColor(MUTED).text(totals).text(text.generated(formatCalendarDate(now.toISOString().slice(0, 10))));
  doc.moveDown(0.8);

  const mapTop = doc.y;
  drawRouteMap(doc, { x: MARGIN, y: mapTop, width: doc.page.width - 2 * MARGIN, height: MAP_HEIGHT }, trip.route, locatedStops(trip));
  // The markers' labels moved the text cursor: the plan starts below the picture.
  doc.x = MARGIN;
  doc.y = mapTop + MAP_HEIGHT + 16;

  writePlan(doc, trip);
  if (trip.weatherCredit) doc.font('regular').fontSize(8.5).fillColor(MUTED).text(trip.weatherCredit);
  if (trip.costs) writeCostsPage(doc, trip.costs);
  doc.end();
  return done;
}
