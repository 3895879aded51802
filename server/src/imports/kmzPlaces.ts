/**
 * KMZ: a zip holding a KML document (doc.kml by convention, else the shallowest .kml) and the images it
 * refers to, which are not read. Read with fflate: the central directory lists the entries without inflating
 * any, then only the KML entry is inflated, a few kilobytes of the zip at a time, and its places are counted as
 * it inflates. Inflating stops as soon as the document passes the size a KML file may have or holds more places
 * than an import takes, so a zip bomb (an entry that inflates to gigabytes, whatever its header claims, or to
 * millions of legal placemarks) costs what its first ten megabytes or two thousand places do.
 */
import { unzipSync, Unzip, UnzipInflate } from 'fflate';
import { IMPORT_MAX_FILE_BYTES, messages } from '@caravan/shared';
import { refuse, type ImportedFile } from './importedPlace.ts';
import { kmlPlaces } from './kmlPlaces.ts';
import { xmlPlaceCounter } from './xmlPlaceCount.ts';

const m = messages.placeImport;

/** The KML inside is held to the limit of a KML file sent as is. */
const MAX_KML_BYTES = IMPORT_MAX_FILE_BYTES;
/** Zip bytes handed to the inflater at a time: deflate expands at most about a thousandfold, so the bounds are checked every few MB at worst. */
const PUSH_BYTES = 4 * 1024;

const depth = (path: string) => path.split('/').length;

function entryNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  try {
    unzipSync(bytes, { filter: (entry) => (names.push(entry.name), false) });
  } catch {
    throw refuse(m.unreadableZip);
  }
  return names;
}

function kmlEntryName(names: string[]): string | null {
  const kmls = names.filter((name) => /\.kml$/i.test(name) && !name.startsWith('__MACOSX/'));
  return kmls.find((name) => name.toLowerCase() === 'doc.kml') ?? kmls.sort((a, b) => depth(a) - depth(b))[0] ?? null;
}

/** One entry's text, inflated as a stream that gives up past MAX_KML_BYTES or past the places an import takes. */
function inflateKml(bytes: Uint8Array, name: string): string {
  const counter = xmlPlaceCounter('KML');
  const decoder = new TextDecoder();
  const pieces: string[] = [];
  let size = 0;
  let refusal: unknown = null;
  let failed = false;
  let done = false;
  const unzip = new Unzip((file) => {
    if (file.name !== name || done) return;
    file.ondata = (error, chunk, final) => {
      if (failed || refusal) return;
      size += chunk?.length ?? 0;
      if (error || size > MAX_KML_BYTES) {
        failed = true;
        file.terminate();
        return;
      }
      const piece = decoder.decode(chunk, { stream: true });
      pieces.push(piece);
      try {
        counter.write(piece);
      } catch (tooMany) {
        refusal = tooMany;
        file.terminate();
        return;
      }
      done ||= final;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failed && !refusal && !done; at += PUSH_BYTES) {
      unzip.push(bytes.subarray(at, at + PUSH_BYTES), at + PUSH_BYTES >= bytes.length);
    }
  } catch {
    failed = true;
  }
  if (refusal) throw refusal;
  if (failed || !done) throw refuse(m.unreadableZip);
  pieces.push(decoder.decode());
  return pieces.join('');
}

export function kmzPlaces(bytes: Uint8Array): ImportedFile {
  const entry = kmlEntryName(entryNames(bytes));
  if (!entry) throw refuse(m.kmzWithoutKml);
  return kmlPlaces(inflateKml(bytes, entry), 'kmz');
}
