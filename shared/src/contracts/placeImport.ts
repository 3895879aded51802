/**
 * "Import places" (docs/product.md#import-places): /_api/trips/stops/import-preview reads a file (GPX, KML,
 * KMZ, GeoJSON, Google Takeout JSON or CSV, plain CSV) and answers the places it holds; it writes nothing. The
 * file goes up as base64 text in the JSON body, as photos do. The client adds the places the user keeps to the
 * live document as one transaction.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { requestObject, tripId } from './common.ts';

const m = messages.placeImport;

export const IMPORT_MAX_FILE_MB = 10;
export const IMPORT_MAX_FILE_BYTES = IMPORT_MAX_FILE_MB * 1024 * 1024;
export const IMPORT_MAX_PLACES = 2000;
export const IMPORT_FILE_NAME_MAX_LENGTH = 255;
/** What the file picker offers; the server reads the content whatever the name says. */
export const IMPORT_FILE_ACCEPT = '.gpx,.kml,.kmz,.json,.geojson,.csv';

export const IMPORT_FORMATS = ['gpx', 'kml', 'kmz', 'geojson', 'takeout-json', 'takeout-csv', 'csv'] as const;

/**
 * Standard base64 with its padding, as btoa and Buffer write it. A plain character class and a length check:
 * a grouped repetition `(?:…{4})*` overflows V8's regex stack on a 13 MB string.
 */
const isBase64 = (text: string) => text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);

export const ZImportPreviewRequest = requestObject({
  tripId: tripId(),
  /** The file's name: a hint to its format (the content decides). */
  fileName: z.string({ error: m.invalidFileName }).max(IMPORT_FILE_NAME_MAX_LENGTH, m.invalidFileName).default(''),
  /** The file's bytes in base64; the server judges the decoded size (413). */
  data: z.string({ error: m.invalidFileData }).min(1, m.emptyFile).refine(isBase64, m.invalidFileData),
});

export const ZImportedPlace = z.object({
  /** Trimmed to the stop-name limit; never empty. */
  name: z.string(),
  address: z.string().nullable(),
  /** The place's description or note, for the stop's notes. */
  notes: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** The KML folder (Google My Maps layer) it sat in; nested folders as "Outer / Inner". */
  folder: z.string().nullable(),
  /** Where a recorded track (GPX) began or ended: offered unticked, as a track's ends are seldom places one chose. */
  trackEnd: z.enum(['start', 'end']).nullable(),
});

/** A place the file names without coordinates that could not be found by name (Google Takeout CSV). */
export const ZUnresolvedPlace = z.object({ name: z.string(), address: z.string().nullable() });

export const ZImportPreviewResponse = z.object({
  format: z.enum(IMPORT_FORMATS),
  places: z.array(ZImportedPlace),
  notFound: z.array(ZUnresolvedPlace),
  /** The folders places sit in, in file order (empty when the file has none). */
  folders: z.array(z.string()),
});

export type TImportPreviewRequest = z.infer<typeof ZImportPreviewRequest>;
export type TImportedPlace = z.infer<typeof ZImportedPlace>;
export type TUnresolvedPlace = z.infer<typeof ZUnresolvedPlace>;
export type TImportFormat = (typeof IMPORT_FORMATS)[number];
export type TImportPreviewResponse = z.infer<typeof ZImportPreviewResponse>;
