/** The stop add panel (docs/product.md#stops): 'Search Places' and 'Add Manually' tabs, for owners and editors. */
import type { DocStop, TPoi } from '@caravan/shared';
import { ViewTabs } from '../../../components/ViewTabs.tsx';
import { tripPageMessages } from '../messages.ts';
import type { PlaceOnMap } from '../stops/usePlaceOnMap.ts';
import type { StopEditing } from '../stops/useStopEditing.ts';
import { ManualStopForm } from './ManualStopForm.tsx';
import { PlaceSearchTab } from './PlaceSearchTab.tsx';
import type { PlaceResults } from './usePlaceResults.ts';

const text = tripPageMessages;

interface Props {
  tripId: string;
  canSearch: boolean;
  places: PlaceResults;
  stops: readonly DocStop[];
  onAddPlace: (place: TPoi, index?: number) => void;
  add: StopEditing['add'];
  /** Waits for a click on the map to add a stop Add Manually could not find. */
  onPlaceNew: PlaceOnMap['startNew'];
}

export function StopAddPanel({ tripId, canSearch, places, stops, onAddPlace, add, onPlaceNew }: Props) {
  return (
    <section className="card add-panel" aria-label={text.addPanel}>
      <ViewTabs
        label={text.addPanel}
        defaultValue="search"
        tabs={[
          { value: 'search', label: text.searchTab, content: <PlaceSearchTab canSearch={canSearch} places={places} stops={stops} onAdd={onAddPlace} /> },
          { value: 'manual', label: text.manualTab, content: <ManualStopForm tripId={tripId} stops={stops} add={add} onPlaceNew={onPlaceNew} /> },
        ]}
      />
    </section>
  );
}
