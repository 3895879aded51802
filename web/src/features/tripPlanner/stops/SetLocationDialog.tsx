/**
 * 'Set location: {name}' (docs/product.md#stops): a stop without a position (hasPosition) gets one from the location
 * type-ahead; picking a result writes the stop's position and address and closes the dialog.
 */
import { useState } from 'react';
import type { DocStop, TLocationResult } from '@caravan/shared';
import { DialogCloseActions } from '../../../components/DialogFormActions.tsx';
import { DialogFrame } from '../../../components/DialogFrame.tsx';
import { LocationTypeahead } from '../../../components/LocationTypeahead.tsx';
import { usePlaceSearch } from '../add/placeSearchStore.tsx';
import { tripPageMessages } from '../messages.ts';

const text = tripPageMessages;

interface Props {
  /** The stop being given a location; null: the dialog is closed. */
  stop: DocStop | null;
  onClose: () => void;
  onPick: (stop: DocStop, location: TLocationResult) => void;
  /** The trip's stops, so places near them are offered first. */
  stops: readonly DocStop[];
}

export function SetLocationDialog({ stop, onClose, onPick, stops }: Props) {
  return (
    <DialogFrame
      open={stop !== null}
      onOpenChange={(open) => !open && onClose()}
      title={stop ? text.setLocationTitle(stop.name) : ''}
      description={text.setLocationDescription}
    >
      {stop && <LocationForm key={stop.id} stop={stop} onClose={onClose} onPick={onPick} stops={stops} />}
    </DialogFrame>
  );
}

function LocationForm({ stop, onClose, onPick, stops }: { stop: DocStop } & Omit<Props, 'stop'>) {
  // Starts from what the stop knows about its place: its address, else its name.
  const [query, setQuery] = useState(stop.address || stop.name);
  const viewCentre = usePlaceSearch((state) => state.viewCentre);
  return (
    <>
      <div className="form">
        <LocationTypeahead
          label={text.location}
          near={stops}
          viewCentre={viewCentre}
          value={query}
          onChange={setQuery}
          onSelect={(location) => {
            onPick(stop, location);
            onClose();
          }}
        />
      </div>
      <DialogCloseActions label={text.cancel} ghost />
    </>
  );
}
