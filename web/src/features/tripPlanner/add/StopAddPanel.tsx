/** The stop add panel (SPEC-2 §2.1): 'Search Places' and 'Add Manually' tabs, for owners and editors. */
import * as Tabs from '@radix-ui/react-tabs';
import type { TPoi } from '@caravan/shared';
import { tripPageMessages } from '../messages.ts';
import type { StopEditing } from '../stops/useStopEditing.ts';
import { ManualStopForm } from './ManualStopForm.tsx';
import { PlaceSearchTab } from './PlaceSearchTab.tsx';
import type { PlaceResults } from './usePlaceResults.ts';

const text = tripPageMessages;

interface Props {
  tripId: string;
  canSearch: boolean;
  places: PlaceResults;
  onAddPlace: (place: TPoi) => void;
  add: StopEditing['add'];
}

export function StopAddPanel({ tripId, canSearch, places, onAddPlace, add }: Props) {
  return (
    <section className="card add-panel" aria-label={text.addPanel}>
      <Tabs.Root defaultValue="search" className="tabs">
        <Tabs.List className="tab-list" aria-label={text.addPanel}>
          <Tabs.Trigger value="search" className="tab">
            {text.searchTab}
          </Tabs.Trigger>
          <Tabs.Trigger value="manual" className="tab">
            {text.manualTab}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="search">
          <PlaceSearchTab canSearch={canSearch} places={places} onAdd={onAddPlace} />
        </Tabs.Content>
        <Tabs.Content value="manual">
          <ManualStopForm tripId={tripId} add={add} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
