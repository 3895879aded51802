/**
 * "Import places" preview (issue 21): the places an uploaded file holds, and nothing written. The file's
 * format is read from its content, with its name as a hint where content alone cannot tell (a .csv); a name
 * that claims a format the content is not gets that format's refusal ("Not a GPX file"). Every refusal is
 * a 4xx naming what is wrong; anything a reader did not expect (a library choking on a hostile file) is a
 * refusal too, never a 500.
 */
import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_FILE_MB, IMPORT_MAX_PLACES, messages, type TImportPreviewRequest, type TImportPreviewResponse } from '@caravan/shared';
import { AppError } from '../lib/appError.ts';
import type { LocationSearch } from '../providers/locationSearch/locationSearch.ts';
import { csvPlaces, hasCoordinateColumns } from './csvPlaces.ts';
import { csvTable } from './csvRows.ts';
import { geojsonPlaces } from './geojsonPlaces.ts';
import { gpxPlaces } from './gpxPlaces.ts';
import { refuse, tooManyPlaces, type ImportedFile } from './importedPlace.ts';
import { kmlPlaces } from './kmlPlaces.ts';
import { kmzPlaces } from './kmzPlaces.ts';
import { isTakeoutList, takeoutCsvPlaces } from './takeoutCsvPlaces.ts';
import { xmlRootName } from './xmlDocument.ts';

const m = messages.placeImport;

export interface ImportPreviewDeps {
  locationSearch: LocationSearch;
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Uint8Array) => ZIP_SIGNATURE.every((byte, at) => bytes[at] === byte);

/** Text in UTF-8, or UTF-16 when a byte-order mark says so (spreadsheets save CSV so); the BOM dropped. */
function decodeText(bytes: Uint8Array): string {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  return new TextDecoder(encoding).decode(bytes);
}

const extensionOf = (fileName: string) => /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';

async function readFile(bytes: Uint8Array, fileName: string, deps: ImportPreviewDeps): Promise<ImportedFile> {
  const extension = extensionOf(fileName);
  if (isZip(bytes)) return kmzPlaces(bytes);
  if (extension === 'kmz') throw refuse(m.unreadableZip);
  const text = decodeText(bytes);
  if (extension === 'gpx') return gpxPlaces(text);
  if (extension === 'kml') return kmlPlaces(text);
  const start = text.trimStart()[0];
  if (extension === 'json' || extension === 'geojson' || start === '{' || start === '[') return geojsonPlaces(text);
  if (start === '<') {
    const root = xmlRootName(text);
    if (root === 'gpx') return gpxPlaces(text);
    if (root === 'kml') return kmlPlaces(text);
    throw refuse(m.unknownFormat);
  }
  const table = csvTable(text);
  if (!hasCoordinateColumns(table.header) && isTakeoutList(table.header)) return takeoutCsvPlaces(table, deps.locationSearch);
  return csvPlaces(table);
}

/** The folders in file order, once each. */
const foldersOf = (file: ImportedFile) => [...new Set(file.places.flatMap((place) => (place.folder ? [place.folder] : [])))];

export async function importPreview(deps: ImportPreviewDeps, request: Pick<TImportPreviewRequest, 'fileName' | 'data'>): Promise<TImportPreviewResponse> {
  // Judged on the base64 length first, so a huge upload is refused before it is decoded.
  if (Math.floor((request.data.length * 3) / 4) - 2 > IMPORT_MAX_FILE_BYTES) throw new AppError('too_large', m.fileTooLarge(IMPORT_MAX_FILE_MB));
  const bytes = Buffer.from(request.data, 'base64');
  if (bytes.length > IMPORT_MAX_FILE_BYTES) throw new AppError('too_large', m.fileTooLarge(IMPORT_MAX_FILE_MB));
  if (bytes.length === 0) throw refuse(m.emptyFile);
  let file: ImportedFile;
  try {
    file = await readFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), request.fileName, deps);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(m.unknownFormat);
  }
  if (file.places.length + file.notFound.length > IMPORT_MAX_PLACES) {
    throw tooManyPlaces();
  }
  return { ...file, folders: foldersOf(file) };
}
