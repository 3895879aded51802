/**
 * "Import places" (issue 21), for owners and editors: choose a file, see the places it holds (those already
 * in the trip flagged and unticked, a folder filter when the file has folders, the count), untick some, then
 * Add, which writes them into the live document as one undoable change (useImportPlaces.ts).
 */
import { useId } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { IMPORT_FILE_ACCEPT, type DocStop } from '@caravan/shared';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { useReturnFocus } from '../../../lib/useReturnFocus.ts';
import { tripPageMessages } from '../messages.ts';
import { ImportPreviewList } from './ImportPreviewList.tsx';
import { useImportPlaces } from './useImportPlaces.ts';

const text = tripPageMessages.importPlaces;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tripId: string;
  connection: TripConnection;
  stops: DocStop[];
}

export function ImportPlacesDialog({ open, onOpenChange, ...form }: Props) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-wide" {...returnFocus}>
          <Dialog.Title>{text.title}</Dialog.Title>
          <Dialog.Description>{text.description}</Dialog.Description>
          <ImportPlacesForm {...form} onDone={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ImportPlacesForm({ tripId, connection, stops, onDone }: Omit<Props, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const id = useId();
  const importer = useImportPlaces(tripId, connection, stops, onDone);
  const { answer } = importer;

  return (
    <form
      className="form import-places"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (importer.chosenCount > 0) importer.add();
      }}
    >
      <label>
        {text.file}
        <input
          type="file"
          accept={IMPORT_FILE_ACCEPT}
          aria-describedby={`${id}-file-help`}
          disabled={importer.reading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) importer.choose(file);
          }}
        />
      </label>
      <small id={`${id}-file-help`} className="muted">
        {text.fileHelp}
      </small>
      <div role="status" aria-live="polite" aria-busy={importer.reading}>
        {importer.reading && <p className="import-reading">{text.reading}</p>}
      </div>
      {importer.readError && (
        <p role="alert" className="form-error">
          {importer.readError}
        </p>
      )}
      {answer && !importer.reading && <ImportPreviewList importer={importer} headingId={`${id}-places`} />}
      {importer.addError && (
        <p role="alert" className="form-error">
          {importer.addError}
        </p>
      )}
      <div className="dialog-actions">
        <Dialog.Close asChild>
          <button type="button" className="button ghost">
            {text.cancel}
          </button>
        </Dialog.Close>
        <button type="submit" className="button primary" disabled={importer.chosenCount === 0 || importer.reading}>
          {text.add(importer.chosenCount)}
        </button>
      </div>
    </form>
  );
}
