/**
 * The export formats (docs/product.md#export): for each, its builder, content type and file extension. One
 * table, so the download route, the calendar feed and any later reader (the public share page) serve each
 * format alike.
 */
import type { ExportFormat } from '@caravan/shared';
import type { ExportTrip } from './exportTrip.ts';
import { buildGeoJson } from './geojsonBuilder.ts';
import { buildGpx } from './gpxBuilder.ts';
import { buildIcs } from './icsBuilder.ts';
import { buildKml } from './kmlBuilder.ts';

export interface ExportFile {
  body: string | Buffer;
  contentType: string;
  filename: string;
}

/** Builds the PDF (pdfBuilder.ts). The caller passes one that runs in the worker pool: laying out pages is CPU work. */
export type PdfBuild = (trip: ExportTrip) => Promise<Buffer>;

interface FormatSpec {
  extension: string;
  contentType: string;
  build: (trip: ExportTrip, pdf: PdfBuild) => string | Promise<Buffer>;
}

export const EXPORT_FORMAT_SPECS: Record<ExportFormat, FormatSpec> = {
  gpx: { extension: 'gpx', contentType: 'application/gpx+xml; charset=utf-8', build: (trip) => buildGpx(trip) },
  kml: { extension: 'kml', contentType: 'application/vnd.google-earth.kml+xml; charset=utf-8', build: buildKml },
  geojson: { extension: 'geojson', contentType: 'application/geo+json; charset=utf-8', build: buildGeoJson },
  ics: { extension: 'ics', contentType: 'text/calendar; charset=utf-8', build: (trip) => buildIcs(trip) },
  pdf: { extension: 'pdf', contentType: 'application/pdf', build: (trip, pdf) => pdf(trip) },
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

export async function exportFile(trip: ExportTrip, format: ExportFormat, pdf: PdfBuild): Promise<ExportFile> {
  const spec = EXPORT_FORMAT_SPECS[format];
  return { body: await spec.build(trip, pdf), contentType: spec.contentType, filename: `${fileStem(trip.title)}.${spec.extension}` };
}
