/**
 * "Import places" (docs/product.md#import-places), the dialog's state: the chosen file's preview from the
 * server, which places are ticked (those already in the trip and a GPX track's ends start unticked, and never more
 * than the trip has room for), the folder filter, where they go (at the end, or each where it fits best), and Add,
 * which writes the ticked places shown as new stops in ONE transaction of this tab's, so every member sees
 * them at once and one Undo removes them all. Add checks the live door's limits first (stops per trip,
 * update size) and says what to do, rather than send an update the server would refuse.
 */
import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  addStop,
  appendedStopsBytes,
  appendStops,
  COLLAB_LIMITS,
  findDuplicateStop,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_FILE_MB,
  messages,
  orderedStops,
  placeEach,
  type DocStop,
  type NewStop,
  type PlacementKind,
  type TImportedPlace,
  type TImportPreviewResponse,
} from '@caravan/shared';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { takeVersionBefore } from '../../../lib/tripHistory/takeVersionBefore.ts';
import { tripPageMessages } from '../messages.ts';
import { tripApi } from '../tripApi.ts';
import { fileBase64 } from './fileBase64.ts';

const text = tripPageMessages.importPlaces;

/** Room for the message framing around the update on the websocket. */
const MAX_ADD_BYTES = Math.floor(COLLAB_LIMITS.maxPayloadBytes * 0.9);

export interface PreviewRow {
  /** Index in the preview's places: the row's key and its checkbox's value. */
  index: number;
  place: TImportedPlace;
  duplicateOf: DocStop | null;
}

/** How many more stops the trip takes before the live door's limit. */
const roomLeft = (stops: readonly DocStop[]) => Math.max(0, COLLAB_LIMITS.maxStopsPerTrip - stops.length);

const newStop = ({ name, address, notes, latitude, longitude }: TImportedPlace): NewStop => ({ name, address, notes, latitude, longitude });

async function previewFile(tripId: string, file: File): Promise<TImportPreviewResponse> {
  // Said here too, so a large file is not uploaded only to be refused.
  if (file.size > IMPORT_MAX_FILE_BYTES) throw new ApiError(messages.placeImport.fileTooLarge(IMPORT_MAX_FILE_MB), 413);
  return tripApi.importPreview({ tripId, fileName: file.name, data: await fileBase64(file) });
}

export function useImportPlaces(tripId: string, connection: TripConnection, stops: DocStop[], onAdded: () => void) {
  const toast = useToast();
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [folder, setFolder] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [placement, setPlacement] = useState<PlacementKind>('end');
  const [adding, setAdding] = useState(false);

  const preview = useMutation({
    mutationFn: (file: File) => previewFile(tripId, file),
    onMutate: () => {
      setAddError(null);
      setFolder('');
    },
    onSuccess: (answer) => {
      const fresh = answer.places.flatMap((place, index) => (place.trackEnd || findDuplicateStop(place, stops) ? [] : [index]));
      setTicked(new Set(fresh.slice(0, roomLeft(stops))));
    },
  });
  const answer = preview.data ?? null;

  // Flagged against the stops as they are now, so a place someone adds meanwhile shows as already there.
  const rows = useMemo<PreviewRow[]>(
    () => (answer?.places ?? []).map((place, index) => ({ index, place, duplicateOf: findDuplicateStop(place, stops) })),
    [answer, stops],
  );
  const shown = useMemo(() => (folder ? rows.filter((row) => row.place.folder === folder) : rows), [rows, folder]);
  const chosen = useMemo(() => shown.filter((row) => ticked.has(row.index)), [shown, ticked]);
  // What each choice of where they go would add, said before anything is written.
  const placements = useMemo(() => {
    const places = chosen.map((row) => row.place);
    return { end: placeEach(stops, places, 'end'), best: placeEach(stops, places, 'best') };
  }, [stops, chosen]);

  const toggle = (index: number) => {
    const next = new Set(ticked);
    if (!next.delete(index)) next.add(index);
    setTicked(next);
    setAddError(null);
  };
  const room = roomLeft(stops);
  const tickShown = (on: boolean) => {
    const next = new Set(ticked);
    for (const row of shown) {
      // Select all stops where the trip is full: ticking more than fit only leads to a refusal on Add.
      if (on && next.size < room) next.add(row.index);
      else if (!on) next.delete(row.index);
    }
    setTicked(next);
    setAddError(null);
  };

  const add = async () => {
    if (adding) return;
    if (chosen.length > room) return setAddError(text.tooManyStops(COLLAB_LIMITS.maxStopsPerTrip, room));
    const entries = chosen.map((row) => ({ id: crypto.randomUUID(), fields: newStop(row.place) }));
    if (appendedStopsBytes(entries) > MAX_ADD_BYTES) return setAddError(text.tooMuchAtOnce);
    // The trip history's mark of the trip as it was; at most a moment's wait, never a refusal.
    setAdding(true);
    await takeVersionBefore(tripId, 'before_import');
    setAdding(false);
    try {
      // Its own Undo step: not merged with an edit made just before, nor with one made just after.
      connection.undoManager.stopCapturing();
      // Placed against the stops as they are after the wait: someone may have changed them meanwhile.
      const { indexes } = placeEach(orderedStops(connection.doc), chosen.map((row) => row.place), placement);
      connection.transact(() =>
        placement === 'end'
          ? appendStops(connection.doc, entries)
          : entries.forEach((entry, at) => addStop(connection.doc, entry.id, entry.fields, indexes[at])),
      );
      connection.undoManager.stopCapturing();
    } catch {
      return setAddError(text.addFailed);
    }
    toast.success(text.added(entries.length));
    onAdded();
  };

  return {
    choose: (file: File) => preview.mutate(file),
    reading: preview.isPending,
    readError: preview.isError ? errorMessage(preview.error, text.readFailed) : null,
    answer,
    rows: shown,
    ticked,
    toggle,
    tickShown,
    folder,
    setFolder,
    chosenCount: chosen.length,
    stopCount: stops.length,
    lastStopName: stops.at(-1)?.name ?? null,
    placement,
    setPlacement,
    placements,
    room,
    add: () => void add(),
    adding,
    addError,
  };
}
