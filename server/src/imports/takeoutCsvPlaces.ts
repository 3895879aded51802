/**
 * A Google Takeout saved list (Maps → "Saved" → one CSV per list: Title, Note, URL[, Tags, Comment]). Its links
 * rarely carry coordinates, so a place without them is looked up by its title through the server's location
 * search (the offline gazetteer, or the configured geocoder); one nothing is found for is listed as not
 * found, and the rest still import. Reading the list is pure (it runs in the worker pool with the other
 * readers); the look-ups are network calls, made from the request's own thread.
 */
import { IMPORT_MAX_PLACES, STOP_NAME_MAX_LENGTH, type TImportedPlace, type TUnresolvedPlace } from '@caravan/shared';
import type { LocationSearch } from '../providers/locationSearch/locationSearch.ts';
import { columnIndex, type CsvTable } from './csvRows.ts';
import { coordinatesInGoogleMapsUrl, nameInGoogleMapsUrl } from './googleMapsUrl.ts';
import { fileText, importedPlace, placeName, someFound, tooManyPlaces, type ImportedFile } from './importedPlace.ts';

/** Look-ups at once: enough to keep a remote geocoder busy without flooding it. */
const LOOKUP_CONCURRENCY = 4;

export const isTakeoutList = (header: string[]) => header.includes('title') && header.includes('url');

/** One line of the list, as read: plain data, so it crosses from the worker as is. */
export interface TakeoutEntry {
  name: string;
  /** Whether the line has a name to search by, its title's or its link's (one with neither is "Unnamed place", never searched). */
  titled: boolean;
  notes: string;
  /** The coordinates its link carries, if any. */
  link: { latitude: number; longitude: number } | null;
}

export function takeoutEntries({ header, rows }: CsvTable): TakeoutEntry[] {
  // Refused before any look-up: a list past the limit would otherwise cost thousands of searches.
  if (rows.length > IMPORT_MAX_PLACES) throw tooManyPlaces();
  const at = {
    title: columnIndex(header, ['title']),
    url: columnIndex(header, ['url']),
    note: columnIndex(header, ['note']),
    comment: columnIndex(header, ['comment']),
  };
  return rows.map(({ cells }) => {
    const notes = [cells[at.note], cells[at.comment]].filter((text) => text?.trim()).join('\n\n');
    const title = fileText(cells[at.title], STOP_NAME_MAX_LENGTH) ?? nameInGoogleMapsUrl(cells[at.url]);
    return { name: placeName(title), titled: title !== null, notes, link: coordinatesInGoogleMapsUrl(cells[at.url]) };
  });
}

export async function takeoutCsvPlaces(entries: readonly TakeoutEntry[], locationSearch: LocationSearch): Promise<ImportedFile> {
  const resolved: Array<TImportedPlace | TUnresolvedPlace> = new Array(entries.length);
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const index = next++;
      const { name, titled, notes, link } = entries[index];
      // A search failing (a geocoder down) leaves the place unfound, as a search that finds nothing does.
      const found = link || !titled ? undefined : (await locationSearch.search(name).catch(() => []))[0];
      const position = link ?? found;
      resolved[index] = position
        ? importedPlace({ name, notes, address: found?.address, latitude: position.latitude, longitude: position.longitude })
        : { name, address: null };
    }
  };
  await Promise.all(Array.from({ length: LOOKUP_CONCURRENCY }, worker));

  const places = resolved.filter((entry): entry is TImportedPlace => 'latitude' in entry);
  const notFound = resolved.filter((entry): entry is TUnresolvedPlace => !('latitude' in entry));
  return someFound({ format: 'takeout-csv', places, notFound });
}
