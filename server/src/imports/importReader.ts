/**
 * Reads an uploaded file's places, all of it pure CPU work: it runs in the worker pool (server/src/heavyWork/),
 * never on the request loop. The file's format is read from its content, with its name as a hint where content
 * alone cannot tell (a .csv); a name that claims a format the content is not gets that format's refusal
 * ("Not a GPX file"). A Google Takeout saved list comes back as its entries, to be looked up by the caller.
 */
import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_FILE_MB, messages } from '@caravan/shared';
import { AppError } from '@caravan/engine/tasks';
import { csvPlaces, hasCoordinateColumns } from './csvPlaces.ts';
import { csvTable } from './csvRows.ts';
import { geojsonPlaces } from './geojsonPlaces.ts';
import { gpxPlaces } from './gpxPlaces.ts';
import { refuse, type ImportedFile } from './importedPlace.ts';
import { kmlPlaces } from './kmlPlaces.ts';
import { kmzPlaces } from './kmzPlaces.ts';
import { isTakeoutList, takeoutEntries, type TakeoutEntry } from './takeoutCsvPlaces.ts';
import { xmlRootName } from './xmlDocument.ts';

const m = messages.placeImport;

/** An uploaded file as the request holds it: its name and its bytes in base64 (decoded here, off the request loop). */
export interface ImportUpload {
  fileName: string;
  data: string;
}

export type ReadImport = { kind: 'file'; file: ImportedFile } | { kind: 'takeoutList'; entries: TakeoutEntry[] };

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Uint8Array) => ZIP_SIGNATURE.every((byte, at) => bytes[at] === byte);

/** Text in UTF-8, or UTF-16 when a byte-order mark says so (spreadsheets save CSV so); the BOM dropped. */
function decodeText(bytes: Uint8Array): string {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  return new TextDecoder(encoding).decode(bytes);
}

const extensionOf = (fileName: string) => /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';

const placesIn = (file: ImportedFile): ReadImport => ({ kind: 'file', file });

function readBytes(bytes: Uint8Array, fileName: string): ReadImport {
  const extension = extensionOf(fileName);
  if (isZip(bytes)) return placesIn(kmzPlaces(bytes));
  if (extension === 'kmz') throw refuse(m.unreadableZip);
  const text = decodeText(bytes);
  if (extension === 'gpx') return placesIn(gpxPlaces(text));
  if (extension === 'kml') return placesIn(kmlPlaces(text));
  const start = text.trimStart()[0];
  if (extension === 'json' || extension === 'geojson' || start === '{' || start === '[') return placesIn(geojsonPlaces(text));
  if (start === '<') {
    const root = xmlRootName(text);
    if (root === 'gpx') return placesIn(gpxPlaces(text));
    if (root === 'kml') return placesIn(kmlPlaces(text));
    throw refuse(m.unknownFormat);
  }
  const table = csvTable(text);
  if (!hasCoordinateColumns(table.header) && isTakeoutList(table.header)) return { kind: 'takeoutList', entries: takeoutEntries(table) };
  return placesIn(csvPlaces(table));
}

export function readImport({ fileName, data }: ImportUpload): ReadImport {
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > IMPORT_MAX_FILE_BYTES) throw new AppError('too_large', m.fileTooLarge(IMPORT_MAX_FILE_MB));
  if (bytes.length === 0) throw refuse(m.emptyFile);
  try {
    return readBytes(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), fileName);
  } catch (error) {
    // Anything a reader did not expect (a library choking on a hostile file) is a refusal too, never a 500.
    if (error instanceof AppError) throw error;
    throw refuse(m.unknownFormat);
  }
}
