/**
 * What every reader of an import file hands back, and the one place its values are made safe to show and
 * store: text made storable (no NUL, no lone surrogate), whitespace collapsed, trimmed to the stop's limits,
 * and coordinates that are real numbers on the globe or a clear refusal naming the place.
 */
import {
  IMPORT_MAX_PLACES,
  messages,
  STOP_ADDRESS_MAX_LENGTH,
  STOP_NAME_MAX_LENGTH,
  STOP_NOTES_MAX_LENGTH,
  toStorableText,
  type TImportedPlace,
  type TImportFormat,
  type TUnresolvedPlace,
} from '@caravan/shared';
import { AppError } from '@caravan/engine/tasks';

const m = messages.placeImport;

/** A reader's answer: the places with coordinates, and those it could not place (Takeout CSV). */
export interface ImportedFile {
  format: TImportFormat;
  places: TImportedPlace[];
  notFound: TUnresolvedPlace[];
}

/** A place as a reader found it: any value may be of the wrong type in a hostile file. */
export interface FoundPlace {
  name: unknown;
  address?: unknown;
  notes?: unknown;
  latitude: unknown;
  longitude: unknown;
  folder?: string | null;
  trackEnd?: TImportedPlace['trackEnd'];
}

/** A 400 whose message names what is wrong with the file; nothing has been written. */
export const refuse = (message: string) => new AppError('validation', message);

/** 413, as the size limit: the file holds more than Caravan takes in one go. */
export const tooManyPlaces = () => new AppError('too_large', m.tooManyPlaces(IMPORT_MAX_PLACES.toLocaleString('en')));

/** Cuts at `max` UTF-16 units without splitting a surrogate pair. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Text from a file's value: strings and numbers only, storable, at most `max` long; null when blank. */
export function fileText(value: unknown, max: number, { multiline = false } = {}): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const storable = toStorableText(String(value));
  const spaced = multiline ? storable.replace(/[^\S\n]+/g, ' ').replace(/\n{3,}/g, '\n\n') : storable.replace(/\s+/g, ' ');
  const trimmed = clip(spaced.trim(), max).trim();
  return trimmed === '' ? null : trimmed;
}

export const placeName = (value: unknown) => fileText(value, STOP_NAME_MAX_LENGTH) ?? m.unnamedPlace;
export const placeAddress = (value: unknown) => fileText(value, STOP_ADDRESS_MAX_LENGTH);
export const placeNotes = (value: unknown) => fileText(value, STOP_NOTES_MAX_LENGTH, { multiline: true });

/** A number from a file's value: numbers, and numeric text as CSV and some JSON hold them. */
export function fileNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value.trim());
  return Number.isNaN(number) ? null : number;
}

export const validLatitude = (value: number | null): value is number => value !== null && Number.isFinite(value) && Math.abs(value) <= 90;
export const validLongitude = (value: number | null): value is number => value !== null && Number.isFinite(value) && Math.abs(value) <= 180;

/** The place, cleaned; a refusal naming it when its coordinates are not a point on the globe. */
export function importedPlace(found: FoundPlace): TImportedPlace {
  const name = placeName(found.name);
  const latitude = fileNumber(found.latitude);
  const longitude = fileNumber(found.longitude);
  if (!validLatitude(latitude) || !validLongitude(longitude)) throw refuse(m.coordinatesOutOfRange(name));
  return {
    name,
    address: placeAddress(found.address),
    notes: placeNotes(found.notes),
    latitude,
    longitude,
    folder: found.folder ?? null,
    trackEnd: found.trackEnd ?? null,
  };
}

/** Refuses a file with nothing to import, so "no points found" is said once for every format. */
export function someFound(file: ImportedFile): ImportedFile {
  if (file.places.length === 0 && file.notFound.length === 0) throw refuse(m.noPoints);
  return file;
}
