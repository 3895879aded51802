/**
 * The room the trip page leaves for parts other features draw (docs/product.md#trip-page): Today above the columns,
 * the collaboration panel at the top of the sidebar and the trip view under the map (and under a browsed version's map). The route composes them
 * (pages/TripSlots.tsx); each gets the page's connection, so none opens a second one, and reads the live
 * document itself: a stop change re-renders a slot only if it shows stops.
 */
import type { ComponentType } from 'react';
import type * as Y from 'yjs';
import type { LatLng, TTripDetail, TTripRole } from '@caravan/shared';
import type { TripConnection } from '../../lib/collab/tripConnection.ts';

export interface TripSlotProps {
  tripId: string;
  userId: number;
  role: TTripRole;
  /** The live document's connection; null until it is open. */
  connection: TripConnection | null;
  /** The last /trips/details answer (journal entries live there); null while offline from the cache. */
  details: TTripDetail | null;
  /** Asks for a click on the trip's map (the map says where `name` goes); `onPicked` gets its position. */
  pickOnMap: (name: string, onPicked: (position: LatLng) => void) => void;
}

export interface TripSlots {
  /** Above the page's columns, when given: Today while the trip is under way. */
  pageTop?: ComponentType<TripSlotProps>;
  /** Top of the sidebar, above the stops. */
  sidebarTop: ComponentType<TripSlotProps>;
  /** Under the map. */
  belowMap: ComponentType<TripSlotProps>;
  /** Under the map while a version of the trip is browsed: the trip view and the costs over the version's own document, read-only. */
  versionView: ComponentType<VersionViewProps>;
}

export interface VersionViewProps {
  tripId: string;
  userId: number;
  /** The version's document: never connected, nothing written to it goes anywhere. */
  doc: Y.Doc;
}
