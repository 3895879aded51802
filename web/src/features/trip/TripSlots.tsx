/**
 * Where the parts of the trip page that arrive separately mount (issue 6): the collapsible collaboration
 * panel (SPEC-2 §2.3) at the top of the sidebar, and the trip view (story and itinerary, §2.6) under the
 * map. Each receives everything the page already holds, so neither opens a second connection.
 */
import type { DocMeta, DocStop, TTripDetail, TTripRole } from '@caravan/shared';
import type { TripConnection } from '../../lib/collab/tripConnection.ts';
import { CollaborationPanel } from '../collaboration/CollaborationPanel.tsx';
import { TripView } from '../tripView/TripView.tsx';

export interface TripSlotProps {
  tripId: string;
  userId: number;
  role: TTripRole;
  /** The live document's connection; null until it is open. */
  connection: TripConnection | null;
  /** Stops in trip order, from the live document. */
  stops: DocStop[];
  meta: Partial<DocMeta>;
  /** The last /trips/details answer (journal entries live there); null while offline from the cache. */
  details: TTripDetail | null;
}

export function CollaborationPanelSlot({ tripId, role, userId, connection }: TripSlotProps) {
  return <CollaborationPanel tripId={tripId} role={role} userId={userId} doc={connection?.doc ?? null} />;
}

export function TripViewSlot({ tripId, role, userId, connection, details }: TripSlotProps) {
  return <TripView tripId={tripId} role={role} userId={userId} doc={connection?.doc ?? null} detail={details} />;
}
