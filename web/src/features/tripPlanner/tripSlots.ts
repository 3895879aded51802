/**
 * The room the trip page leaves for parts other features draw (issue 6): the collaboration panel at the top
 * of the sidebar and the trip view under the map. The route composes them (pages/TripSlots.tsx); each gets
 * everything the page already holds, so none opens a second connection.
 */
import type { ComponentType } from 'react';
import type { DocMeta, DocStop, TTripDetail, TTripRole } from '@caravan/shared';
import type { TripConnection } from '../../lib/collab/tripConnection.ts';

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

export interface TripSlots {
  /** Top of the sidebar, above the stops. */
  sidebarTop: ComponentType<TripSlotProps>;
  /** Under the map. */
  belowMap: ComponentType<TripSlotProps>;
}
