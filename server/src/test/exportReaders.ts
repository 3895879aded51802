/**
 * Real parsers for the exported files (docs/product.md#export): GPX validated against the GPX 1.1 schema with
 * libxml2's xmllint (xmllint-wasm) and read back with togeojson, KML read back with togeojson, ICS parsed by ical.js,
 * the PDF's text extracted with pdf-parse, its text items' positions with pdf.js, a page rendered to pixels by
 * pdf-parse (pdf.js on a canvas) and decoded with sharp. Tests read what a device or a calendar app would read.
 */
import { readFileSync } from 'node:fs';
import { gpx, kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Feature, FeatureCollection, LineString, Point } from 'geojson';
import ICAL from 'ical.js';
import { PDFParse } from 'pdf-parse';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { validateXML } from 'xmllint-wasm';
import type { User } from '@caravan/engine';
import { sessionCookieFor } from './sessionCookie.ts';
import type { TestServer } from './useTestServer.ts';

const GPX_SCHEMA = readFileSync(new URL('./fixtures/gpx-1.1.xsd', import.meta.url), 'utf8');

/** A GET answered as bytes (a PDF must not be read as text), as a browser downloading it (with its `extra` headers). */
export async function download(t: TestServer, path: string, as?: User, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extra, ...(as ? { cookie: await sessionCookieFor(t.server.deps.dataSource, as) } : {}) };
  const response = await fetch(`${t.server.url}/_api${path}`, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** xmllint's verdict on a GPX file against the GPX 1.1 XSD: the errors, none when valid. */
export async function gpxSchemaErrors(text: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'export.gpx', contents: text }], schema: [{ fileName: 'gpx.xsd', contents: GPX_SCHEMA }] });
  return result.valid ? [] : result.errors.map((error) => error.message);
}

/** An XML file as xmldom reads it (which reads every CR and CRLF, and XML 1.1's NEL and LS, and PS, as LF). */
export const readXml = (text: string) => new DOMParser().parseFromString(text, 'text/xml') as unknown as Document;

export const readGpx = (text: string): FeatureCollection => gpx(readXml(text)) as FeatureCollection;
export const readKml = (text: string): FeatureCollection => kml(readXml(text)) as FeatureCollection;

/** The GPX route points' names, in order (togeojson keeps a route's line, not its points' names). */
export function gpxRoutePointNames(text: string): string[] {
  const points = readXml(text).getElementsByTagName('rtept');
  return Array.from({ length: points.length }, (_, index) => points[index].getElementsByTagName('name')[0]?.textContent ?? '');
}

export const pointFeatures = (collection: FeatureCollection) =>
  collection.features.filter((feature): feature is Feature<Point> => feature.geometry?.type === 'Point');
export const lineFeatures = (collection: FeatureCollection) =>
  collection.features.filter((feature): feature is Feature<LineString> => feature.geometry?.type === 'LineString');

export interface CalendarEvent {
  uid: string;
  summary: string;
  description: string;
  /** 'YYYY-MM-DD' */
  date: string;
  allDay: boolean;
  location: string | null;
  /** A timed event's start and end instants (ms), read in its zone; null for an all-day event. */
  startMs: number | null;
  endMs: number | null;
  /** The zone (TZID) its times are written in, or null (UTC or a date). */
  timezone: string | null;
  /** Its start as written, the wall clock in its zone: '2026-06-24T10:57:00'. */
  localStart: string;
}

/**
 * The calendar-level texts are TEXT values: NAME (RFC 7986), X-WR-CALNAME and X-WR-CALDESC as Apple and Google
 * Calendar read them. ical.js knows none of the three and would hand their values back still escaped.
 */
for (const name of ['name', 'x-wr-calname', 'x-wr-caldesc']) ICAL.design.icalendar.property[name] = { defaultType: 'text' };

export interface CalendarFile {
  /** Every property of the calendars themselves, by lowercase name, each value as a calendar app reads it. */
  properties: Record<string, string[]>;
  /** How many components of each kind the text holds, at any depth: 'vcalendar', 'vevent', 'valarm'... */
  components: Record<string, number>;
  events: CalendarEvent[];
}

/** An iCalendar text as ical.js reads it: one VCALENDAR, or several when the text holds several. */
export function readIcsCalendar(text: string): CalendarFile {
  const parsed: unknown[] = ICAL.parse(text);
  // One calendar parses to its jCal ['vcalendar', ...]; several to a list of those.
  const jcals = (typeof parsed[0] === 'string' ? [parsed] : parsed) as unknown[][];
  const calendars = jcals.map((jcal) => new ICAL.Component(jcal));
  const properties: Record<string, string[]> = {};
  for (const property of calendars.flatMap((calendar) => calendar.getAllProperties())) {
    (properties[property.name] ??= []).push(String(property.getFirstValue()));
  }
  const components: Record<string, number> = {};
  const count = (component: ICAL.Component): void => {
    components[component.name] = (components[component.name] ?? 0) + 1;
    component.getAllSubcomponents().forEach(count);
  };
  calendars.forEach(count);
  return { properties, components, events: calendars.flatMap(calendarEvents) };
}

/** The VEVENTs of an iCalendar text as ical.js reads them. */
export const readIcs = (text: string): CalendarEvent[] => readIcsCalendar(text).events;

function calendarEvents(calendar: ICAL.Component): CalendarEvent[] {
  // A calendar app reads a TZID by the calendar's own VTIMEZONE: ical.js does once it is registered.
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const instant = (time: ICAL.Time | null) => (time && !time.isDate ? time.toUnixTime() * 1000 : null);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      date: event.startDate.toString().slice(0, 10),
      allDay: event.startDate.isDate,
      location: event.location ?? null,
      startMs: instant(event.startDate),
      endMs: instant(event.endDate),
      timezone: (component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined) ?? null,
      localStart: event.startDate.toString(),
    };
  });
}

/** The PDF's text, page by page joined, as a PDF reader extracts it. */
export async function readPdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The PDF's text, page by page, as a PDF reader extracts it. */
export async function readPdfPages(bytes: Buffer): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).pages.map((page) => page.text);
  } finally {
    await parser.destroy();
  }
}

/** A run of text on a page, its box in PDF points from the page's top left. */
export interface PdfTextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every non-empty text item of every page, with where pdf.js finds it. */
export async function readPdfTextItems(bytes: Buffer): Promise<PdfTextItem[][]> {
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const pages: PdfTextItem[][] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const pageHeight = page.view[3];
      const { items } = await page.getTextContent();
      pages.push(
        items.flatMap((item) =>
          'str' in item && item.str.trim()
            ? [{ text: item.str, x: item.transform[4], y: pageHeight - item.transform[5] - item.height, width: item.width, height: item.height }]
            : [],
        ),
      );
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** A page drawn as a PDF viewer draws it, one point a pixel: its RGB pixels, row by row. */
export async function renderPdfPage(bytes: Buffer, pageNumber: number): Promise<{ width: number; height: number; pixels: Buffer }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const [page] = (await parser.getScreenshot({ partial: [pageNumber], scale: 1, imageDataUrl: false })).pages;
    const { data, info } = await sharp(page.data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, pixels: data };
  } finally {
    await parser.destroy();
  }
}

/** The share (0..1) of the pixels within `tolerance` of `hex` in each channel. */
export function pixelShare({ pixels }: { pixels: Buffer }, hex: string, tolerance = 6): number {
  const target = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  let matching = 0;
  for (let index = 0; index < pixels.length; index += 3) {
    if (target.every((channel, offset) => Math.abs(pixels[index + offset] - channel) <= tolerance)) matching += 1;
  }
  return matching / (pixels.length / 3);
}
