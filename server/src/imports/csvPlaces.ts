/**
 * Plain CSV: a header naming name, address, latitude and longitude (any case; "lat", "lon", "lng", "long"
 * also do, and notes or description when present), then one place a line. A line without usable
 * coordinates refuses the whole file, naming the line, so nothing is added from a file that is half wrong.
 */
import { messages, type TImportedPlace } from '@caravan/shared';
import { columnIndex, type CsvTable } from './csvRows.ts';
import { fileNumber, importedPlace, refuse, someFound, validLatitude, validLongitude, type ImportedFile } from './importedPlace.ts';

const m = messages.placeImport;

export const CSV_COLUMNS = {
  name: ['name', 'title', 'place', 'placename', 'label'],
  address: ['address', 'location', 'fulladdress'],
  notes: ['notes', 'note', 'description', 'comment'],
  latitude: ['latitude', 'lat', 'y'],
  longitude: ['longitude', 'lng', 'lon', 'long', 'x'],
} as const;

/** Whether the header has the coordinate columns of a plain CSV. */
export const hasCoordinateColumns = (header: string[]) =>
  columnIndex(header, CSV_COLUMNS.latitude) !== -1 && columnIndex(header, CSV_COLUMNS.longitude) !== -1;

export function csvPlaces({ header, rows }: CsvTable): ImportedFile {
  const at = Object.fromEntries(Object.entries(CSV_COLUMNS).map(([field, names]) => [field, columnIndex(header, names)])) as Record<
    keyof typeof CSV_COLUMNS,
    number
  >;
  if (at.name === -1 || at.latitude === -1 || at.longitude === -1) throw refuse(m.csvMissingColumns);
  const places: TImportedPlace[] = [];
  for (const { line, cells } of rows) {
    const cell = (index: number) => (index === -1 ? undefined : cells[index]);
    const latitude = fileNumber(cell(at.latitude));
    const longitude = fileNumber(cell(at.longitude));
    if (latitude === null || longitude === null) throw refuse(m.csvNoCoordinates(line));
    if (!validLatitude(latitude) || !validLongitude(longitude)) throw refuse(m.csvCoordinatesOutOfRange(line));
    places.push(importedPlace({ name: cell(at.name), address: cell(at.address), notes: cell(at.notes), latitude, longitude }));
  }
  return someFound({ format: 'csv', places, notFound: [] });
}
