/**
 * 'Add to Trip' for a found place, from the results list (at the index its placement choice gave) or the map (at
 * the end), with its success and failure toasts. A place already in the trip (shared findDuplicateStop, the rule
 * Import places uses too) is not added again (the list shows it as in the trip; the map's button says so). The
 * stop keeps the place's kind and opening hours when the provider gave them.
 */
import { useCallback } from 'react';
import { findDuplicateStop, planStopFields, type DocStop, type TPoi } from '@caravan/shared';
import { errorMessage } from '../../../lib/api.ts';
import { useToastStore } from '../../../lib/toastStore.ts';
import { tripPageMessages } from '../messages.ts';
import type { StopEditing } from '../stops/useStopEditing.ts';

export function useAddPlace(add: StopEditing['add'], stops: readonly DocStop[]): (place: TPoi, index?: number) => void {
  const show = useToastStore((state) => state.show);
  return useCallback(
    (place: TPoi, index?: number) => {
      if (findDuplicateStop(place, stops)) {
        show(tripPageMessages.placeAlreadyInTrip(place.name), 'info');
        return;
      }
      try {
        // What the provider knows of its kind and opening hours comes with it (kept only if the field takes it).
        const hoursFit = place.openingHours !== undefined && planStopFields.openingHours.safeParse(place.openingHours).success;
        const plan = { ...(place.kind && { kind: place.kind }), ...(hoursFit && { openingHours: place.openingHours }) };
        add({ name: place.name, address: place.address || null, latitude: place.latitude, longitude: place.longitude, ...plan }, index);
        show(tripPageMessages.placeAdded(place.name), 'success');
      } catch (caught) {
        show(errorMessage(caught, tripPageMessages.placeAddFailed), 'error');
      }
    },
    [add, show, stops],
  );
}
