/**
 * "Import places" preview: the places an uploaded file holds, and nothing written. The file is read in the
 * worker pool (../imports/importReader.ts), so a big or hostile file never holds the request loop; only a Google Takeout
 * list's look-ups (network calls to the location search) are made here. Every refusal is a 4xx naming what is
 * wrong; anything a reader did not expect (a library choking on a hostile file) is a refusal too, never a 500.
 */
import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_FILE_MB, IMPORT_MAX_PLACES, messages, type TImportPreviewRequest, type TImportPreviewResponse } from '@caravan/shared';
import type { HeavyWork } from '../heavyWork/heavyWork.ts';
import { AppError } from '@caravan/engine';
import type { LocationSearch } from '../providers/locationSearch/locationSearch.ts';
import { refuse, tooManyPlaces, type ImportedFile } from '../imports/importedPlace.ts';
import type { ReadImport } from '../imports/importReader.ts';
import { takeoutCsvPlaces } from '../imports/takeoutCsvPlaces.ts';

const m = messages.placeImport;

export interface ImportPreviewDeps {
  locationSearch: LocationSearch;
  heavyWork: HeavyWork;
}

/** The folders in file order, once each. */
const foldersOf = (file: ImportedFile) => [...new Set(file.places.flatMap((place) => (place.folder ? [place.folder] : [])))];

export async function importPreview(
  { locationSearch, heavyWork }: ImportPreviewDeps,
  userId: number,
  { fileName, data }: Pick<TImportPreviewRequest, 'fileName' | 'data'>,
): Promise<TImportPreviewResponse> {
  // Judged on the base64 length, so a huge upload is refused before it is handed to a thread.
  if (Math.floor((data.length * 3) / 4) - 2 > IMPORT_MAX_FILE_BYTES) throw new AppError('too_large', m.fileTooLarge(IMPORT_MAX_FILE_MB));
  return heavyWork.forUser(userId, async (run) => {
    let read: ReadImport;
    try {
      read = await run('readImport', { fileName, data });
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The thread itself failed (out of memory on a hostile file): still the file's refusal.
      throw refuse(m.unknownFormat);
    }
    const file = read.kind === 'file' ? read.file : await takeoutCsvPlaces(read.entries, locationSearch);
    if (file.places.length + file.notFound.length > IMPORT_MAX_PLACES) throw tooManyPlaces();
    return { ...file, folders: foldersOf(file) };
  });
}
