/**
 * KMZ: a zip holding a KML document (doc.kml by convention, else the shallowest .kml) and the images it
 * refers to, which are not read. Read with fflate: the central directory lists the entries without inflating
 * any, then only the KML entry is inflated, as a stream that stops past a bound, so a zip bomb (an entry that
 * inflates to gigabytes, whatever its header claims) is refused instead of filling memory.
 */
import { strFromU8, unzipSync, Unzip, UnzipInflate } from 'fflate';
import { IMPORT_MAX_FILE_BYTES, messages } from '@caravan/shared';
import { refuse, type ImportedFile } from './importedPlace.ts';
import { kmlPlaces } from './kmlPlaces.ts';

const m = messages.placeImport;

/** The KML inside may be larger than the zip; a few times the file limit is still a plain document. */
const MAX_KML_BYTES = 5 * IMPORT_MAX_FILE_BYTES;

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

/** One entry's bytes, inflated as a stream that gives up past MAX_KML_BYTES. */
function inflateEntry(bytes: Uint8Array, name: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let failed = false;
  let done = false;
  const unzip = new Unzip((file) => {
    if (file.name !== name || done) return;
    file.ondata = (error, chunk, final) => {
      if (error) failed = true;
      else {
        size += chunk.length;
        if (size > MAX_KML_BYTES) {
          failed = true;
          file.terminate();
          return;
        }
        chunks.push(chunk);
        done ||= final;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch {
    failed = true;
  }
  if (failed || !done) throw refuse(m.unreadableZip);
  const kml = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    kml.set(chunk, at);
    at += chunk.length;
  }
  return kml;
}

export function kmzPlaces(bytes: Uint8Array): ImportedFile {
  const entry = kmlEntryName(entryNames(bytes));
  if (!entry) throw refuse(m.kmzWithoutKml);
  return kmlPlaces(strFromU8(inflateEntry(bytes, entry)), 'kmz');
}
