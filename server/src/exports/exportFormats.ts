/**
 * The export formats (docs/product.md#export): for each, its builder, content type and file extension. One
 * table, so the download route, the calendar feed and any later reader (the public share page) serve each
 * format alike. Every builder walks the whole trip (a thousand stops with their times take a second or more), so
 * files are built in the worker pool (exportJob.ts); the request loop only names the file (exportFileHead).
 */
import type { ExportFormat } from '@caravan/shared';
import type { ExportTrip } from './exportTrip.ts';
import { buildGeoJson } from './geojsonBuilder.ts';
import { buildGpx } from './gpxBuilder.ts';
import { buildIcs } from './icsBuilder.ts';
import { buildKml } from './kmlBuilder.ts';
import { buildPdf } from './pdfBuilder.ts';

export interface ExportFile {
  body: string | Buffer;
  contentType: string;
  filename: string;
}

interface FormatSpec {
  extension: string;
  contentType: string;
  build: (trip: ExportTrip) => string | Promise<Buffer>;
}

export const EXPORT_FORMAT_SPECS: Record<ExportFormat, FormatSpec> = {
  gpx: { extension: 'gpx', contentType: 'application/gpx+xml; charset=utf-8', build: (trip) => buildGpx(trip) },
  kml: { extension: 'kml', contentType: 'application/vnd.google-earth.kml+xml; charset=utf-8', build: buildKml },
  geojson: { extension: 'geojson', contentType: 'application/geo+json; charset=utf-8', build: buildGeoJson },
  ics: { extension: 'ics', contentType: 'text/calendar; charset=utf-8', build: (trip) => buildIcs(trip) },
  pdf: { extension: 'pdf', contentType: 'application/pdf', build: (trip) => buildPdf(trip) },
};

/** 'great-lakes-loop': the title in lowercase ASCII words, 'trip' when nothing of it is left. */
export function fileStem(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  return words?.join('-').slice(0, 80).replace(/-+$/, '') || 'trip';
}

/** A file's content type and name, for a trip's title. */
export function exportFileHead(title: string, format: ExportFormat): Omit<ExportFile, 'body'> {
  const spec = EXPORT_FORMAT_SPECS[format];
  return { contentType: spec.contentType, filename: `${fileStem(title)}.${spec.extension}` };
}

export async function exportFile(trip: ExportTrip, format: ExportFormat): Promise<ExportFile> {
  return { body: await EXPORT_FORMAT_SPECS[format].build(trip), ...exportFileHead(trip.title, format) };
}
