/**
 * A CSV file as a header and rows, each row with the line it starts on (for "line 12 has no coordinates").
 * Parsed by csv-parse; the delimiter is whichever of comma, semicolon (spreadsheets in much of Europe) and
 * tab the header line uses most. Column names are matched case- and punctuation-insensitively. Rows are
 * counted as they are read: the parser stops at the first row past the import limit, and the file is refused
 * then, without reading (or checking) the rest.
 */
import { parse } from 'csv-parse/sync';
import { IMPORT_MAX_PLACES, messages } from '@caravan/shared';
import { refuse, tooManyPlaces } from './importedPlace.ts';

const m = messages.placeImport;

export interface CsvRow {
  /** The 1-based line the row starts on. */
  line: number;
  cells: string[];
}

export interface CsvTable {
  /** Column names, lowercased with anything but letters and digits removed ("Latitude (WGS84)" → "latitudewgs84"). */
  header: string[];
  rows: CsvRow[];
}

export const columnKey = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((delimiter) => ({ delimiter, count: firstLine.split(delimiter).length }));
  return counts.reduce((best, next) => (next.count > best.count ? next : best)).delimiter;
}

export function csvTable(text: string): CsvTable {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      info: true,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // Takeout's lists start with a row of empty cells under the header.
      skip_records_with_empty_values: true,
      // The header, the most places an import takes, and one more to know there are more.
      to: IMPORT_MAX_PLACES + 2,
    }) as unknown as typeof records; // `info: true` makes each record { record, info }, which the typings do not follow.
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    throw refuse(m.csvUnreadable(typeof line === 'number' ? line : 1));
  }
  const [head, ...body] = records;
  if (!head) throw refuse(m.noPoints);
  if (body.length > IMPORT_MAX_PLACES) throw tooManyPlaces();
  return {
    header: head.record.map(columnKey),
    // csv-parse counts the lines a record ends on; a quoted field may span several.
    rows: body.map(({ record, info }) => ({ line: info.lines - record.join('').split('\n').length + 1, cells: record })),
  };
}

/** The index of the first column named any of `names` (as columnKey reads them), or -1. */
export const columnIndex = (header: string[], names: readonly string[]) => {
  for (const name of names) {
    const at = header.indexOf(name);
    if (at !== -1) return at;
  }
  return -1;
};
