/**
 * Where the corridor search's places come from: the places of the asked categories near each piece of the
 * corridor's line, with when they were fetched and whether the provider answered now. The entry point callers use
 * is server/src/queries/corridor/corridorSearch.ts; this is the provider behind it.
 */
import type { ChargingPlug, CorridorCategory, LatLng } from '@caravan/shared';

export interface CorridorRawPlace {
  id: string;
  name: string;
  category: CorridorCategory;
  address: string;
  latitude: number;
  longitude: number;
  openingHours?: string;
  plugs?: ChargingPlug[];
  powerKw?: number;
}

export interface CorridorAnswer {
  places: CorridorRawPlace[];
  /** 'live': every piece answered now or from a fresh kept answer; 'cached': some did not answer and kept answers (or none) stand in; 'offline': no POI service. */
  connection: 'live' | 'cached' | 'offline';
  /** When the oldest answer used was fetched (ms since the epoch); null when none was. */
  fetchedAt: number | null;
  /** Indexes of the pieces nothing answers for. */
  missingPieces: number[];
}

export interface CorridorPlaces {
  readonly source: string;
  /** Places of `categories` within `radiusMeters` of each piece's line (some a little farther; the caller measures). */
  placesAlong(pieces: ReadonlyArray<readonly LatLng[]>, categories: readonly CorridorCategory[], radiusMeters: number): Promise<CorridorAnswer>;
}
