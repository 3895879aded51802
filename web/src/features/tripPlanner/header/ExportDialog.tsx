/**
 * The trip header's "Export" (docs/product.md#export): a dialog of download links, one per format (GPX, KML, GeoJSON,
 * Calendar ICS, PDF), for every member; plain links to the export call, so the browser downloads each file
 * with its own name. The owner also gets the calendar feed section (CalendarFeedSection.tsx).
 */
import { memo, useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { EXPORT_FORMATS } from '@caravan/shared';
import { DialogCloseActions } from '../../../components/DialogFormActions.tsx';
import { exportHref } from '../exportApi.ts';
import { tripPageMessages } from '../messages.ts';
import { CalendarFeedSection } from './CalendarFeedSection.tsx';

const text = tripPageMessages.exports;

interface Props {
  tripId: string;
  isOwner: boolean;
}

export const ExportDialog = memo(function ExportDialog({ tripId, isOwner }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="button small" title={text.openHint}>
          {text.open}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog export-dialog">
          <Dialog.Title>{text.title}</Dialog.Title>
          <Dialog.Description>{text.description}</Dialog.Description>
          <h3 id={`${id}-formats`}>{text.formats}</h3>
          <ul className="export-formats" aria-labelledby={`${id}-formats`}>
            {EXPORT_FORMATS.map((format) => (
              <li key={format}>
                <a className="button small" href={exportHref(tripId, format)} download aria-describedby={`${id}-${format}`}>
                  {text.download(text[format].label)}
                </a>
                <small id={`${id}-${format}`} className="muted">
                  {text[format].help}
                </small>
              </li>
            ))}
          </ul>
          {isOwner && <CalendarFeedSection tripId={tripId} />}
          <DialogCloseActions label={text.close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
});
