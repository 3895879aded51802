/**
 * "Import places" (docs/product.md#import-places), for owners and editors: choose a file, see the places it
 * holds (those already in the trip flagged and unticked, a folder filter when the file has folders, the count),
 * untick some, then Add, which writes them into the live document as one undoable change (useImportPlaces.ts).
 */
import { useId } from 'react';
import { IMPORT_FILE_ACCEPT } from '@caravan/shared';
import { DialogFormActions } from '../../../components/DialogFormActions.tsx';
import { DialogFrame } from '../../../components/DialogFrame.tsx';
import { tripPageMessages } from '../messages.ts';
import type { StopListDialogProps, StopListFormProps } from '../stopListDialog.ts';
import { ImportPreviewList } from './ImportPreviewList.tsx';
import { useImportPlaces } from './useImportPlaces.ts';

const text = tripPageMessages.importPlaces;

export function ImportPlacesDialog({ open, onOpenChange, ...form }: StopListDialogProps) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={text.title} description={text.description} wide>
      <ImportPlacesForm {...form} onDone={() => onOpenChange(false)} />
    </DialogFrame>
  );
}

function ImportPlacesForm({ tripId, connection, stops, onDone }: StopListFormProps) {
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
      <DialogFormActions cancelLabel={text.cancel} submitLabel={text.add(importer.chosenCount)} pending={importer.reading || importer.adding} disabled={importer.chosenCount === 0 || importer.chosenCount > importer.room} />
    </form>
  );
}
