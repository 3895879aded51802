/**
 * Title, description, background and road settings as the trip document's `meta` says now, else as the
 * details or share-page answer said, else (a document from before them) the defaults.
 */
import type * as Y from 'yjs';
import {
  DEFAULT_ARRIVAL_TIME,
  DEFAULT_DAILY_DRIVE_LIMIT_MINUTES,
  DEFAULT_DEPARTURE_TIME,
  DEFAULT_EARLIEST_DEPARTURE,
  type TPublicTrip,
  type TRoadSettings,
} from '@caravan/shared';
import { useTripMeta } from '../../lib/collab/useTripMeta.ts';

/** What the trip view is given: /trips/details or /trips/public, both with the road settings. */
export type TripViewDetail = TPublicTrip;

export interface LiveMeta {
  title: string;
  description: string | null;
  heroImage: string | null;
  roadSettings: TRoadSettings;
}

export function useLiveMeta(doc: Y.Doc | null, detail: TripViewDetail | null): LiveMeta {
  const meta = useTripMeta(doc);
  return {
    title: meta.title ?? detail?.title ?? '',
    description: meta.description !== undefined ? meta.description : (detail?.description ?? null),
    heroImage: meta.heroImage !== undefined ? meta.heroImage : (detail?.heroImage ?? null),
    roadSettings: {
      arrivalTime: meta.arrivalTime ?? detail?.arrivalTime ?? DEFAULT_ARRIVAL_TIME,
      dailyDriveLimitMinutes: meta.dailyDriveLimitMinutes ?? detail?.dailyDriveLimitMinutes ?? DEFAULT_DAILY_DRIVE_LIMIT_MINUTES,
      startDate: meta.startDate !== undefined ? meta.startDate : (detail?.startDate ?? null),
      departureTime: meta.departureTime ?? detail?.departureTime ?? DEFAULT_DEPARTURE_TIME,
      earliestDeparture: meta.earliestDeparture ?? detail?.earliestDeparture ?? DEFAULT_EARLIEST_DEPARTURE,
    },
  };
}
