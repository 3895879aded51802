/**
 * What fills the trip page's slots (features/tripPlanner/tripSlots.ts): Today above the columns, the collapsible collaboration panel
 * (docs/product.md#members) at the top of the sidebar, and the trip view (story and itinerary) under the map, also
 * under a browsed version's map with its costs (read-only, over the version's document). The trip view's range
 * warnings offer the trip planner's stations within reach.
 */
import { memo } from 'react';
import { canEditStops } from '@caravan/shared';
import { CollaborationPanel } from '../features/collaborationPanel/CollaborationPanel.tsx';
import { CostsAsTheyWere } from '../features/collaborationPanel/costs/CostsAsTheyWere.tsx';
import { useRunOutOffer } from '../features/tripPlanner/corridor/useRunOutOffer.tsx';
import type { TripSlotProps, TripSlots, VersionViewProps } from '../features/tripPlanner/tripSlots.ts';
import { TodayView } from '../features/tripStory/today/TodayView.tsx';
import { TripView } from '../features/tripStory/TripView.tsx';

// Memoised: the page re-renders on every stop change, which neither slot's props carry.
const CollaborationPanelSlot = memo(function CollaborationPanelSlot({ tripId, role, userId, connection, pickOnMap }: TripSlotProps) {
  return <CollaborationPanel tripId={tripId} role={role} userId={userId} doc={connection?.doc ?? null} onPickOnMap={pickOnMap} />;
});

// Under a range warning, the stations the car reaches before it runs out (the trip planner's along-the-route search).
const TripViewSlot = memo(function TripViewSlot({ tripId, role, userId, connection, details }: TripSlotProps) {
  const runOutOffer = useRunOutOffer(tripId, connection, canEditStops(role));
  return <TripView tripId={tripId} role={role} userId={userId} doc={connection?.doc ?? null} detail={details} runOutOffer={runOutOffer} />;
});

// Today above the page's columns while the trip is under way (and at its own address).
const TodaySlot = memo(function TodaySlot({ tripId, role, userId, connection, details }: TripSlotProps) {
  return <TodayView tripId={tripId} role={role} userId={userId} doc={connection?.doc ?? null} detail={details} />;
});

// A version of the trip (its history): no role, so the trip view offers no edit; the costs as they were, read-only.
function VersionViewSlot({ tripId, userId, doc }: VersionViewProps) {
  return (
    <>
      <TripView tripId={tripId} role={null} userId={null} doc={doc} detail={null} />
      <CostsAsTheyWere tripId={tripId} userId={userId} doc={doc} />
    </>
  );
}

export const tripSlots: TripSlots = { pageTop: TodaySlot, sidebarTop: CollaborationPanelSlot, belowMap: TripViewSlot, versionView: VersionViewSlot };
