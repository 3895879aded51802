/**
 * Title, description, background and road settings (the car among them) as the trip document's `meta` says now, else as the
 * details or share-page answer said, else (a document from before them) the defaults.
 */
import type * as Y from 'yjs';
import { roadSettingsOf, type TPublicTrip, type TRoadSettings } from '@caravan/shared';
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
    roadSettings: roadSettingsOf({
      arrivalTime: meta.arrivalTime ?? detail?.arrivalTime,
      dailyDriveLimitMinutes: meta.dailyDriveLimitMinutes ?? detail?.dailyDriveLimitMinutes,
      startDate: meta.startDate !== undefined ? meta.startDate : detail?.startDate,
      departureTime: meta.departureTime ?? detail?.departureTime,
      earliestDeparture: meta.earliestDeparture ?? detail?.earliestDeparture,
      warnAfterSunset: meta.warnAfterSunset ?? detail?.warnAfterSunset,
      vehicle: meta.vehicle ?? detail?.vehicle,
    }),
  };
}
