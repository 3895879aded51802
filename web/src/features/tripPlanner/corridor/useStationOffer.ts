/**
 * The stations offered where the car's range runs out, their state: on Find, one "Along the route" search of the
 * stretch from the last fill to the stop not reached (5 km either side, the car's station kind), the answer's
 * reachable stations not yet in the trip (shared reachableStations), and Add, which writes one into its leg live as one Undo.
 */
import { useCallback, useState } from 'react';
import { findDuplicateStop, reachableStations, stationCategoriesOf, type DocStop, type RunOutOnStretch, type TCorridorPlace, type TCorridorSearchResponse, type TVehicle } from '@caravan/shared';
import { errorMessage } from '../../../lib/api.ts';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { addAlongRoute } from './addAlongRoute.ts';
import { corridorText, stationText as text } from './messages.ts';
import { searchOrKept } from './searchOrKept.ts';

/** A run-out as the itinerary or Plan my days says it: the stretch is from `lastFillStopId` to `stopId`. */
export interface RunOutToOffer extends RunOutOnStretch {
  stopId: string;
}

export interface StationAnswer {
  answer: TCorridorSearchResponse;
  stations: TCorridorPlace[];
}

export function useStationOffer(tripId: string, runOut: RunOutToOffer, vehicle: TVehicle, stops: readonly DocStop[], connection: TripConnection | null) {
  const toast = useToast();
  const [found, setFound] = useState<StationAnswer | null>(null);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const firstStopId = stops[0]?.id ?? '';

  const find = useCallback(async () => {
    setSearching(true);
    setError(null);
    const request = { tripId, fromStopId: runOut.lastFillStopId, toStopId: runOut.stopId, categories: stationCategoriesOf(vehicle.kind), widthKm: 5 as const, plugs: [], minPowerKw: null };
    try {
      const answer = await searchOrKept(request);
      // A station already a stop (the last fill itself, at the stretch's start) is no proposal.
      const places = answer.places.filter((place) => findDuplicateStop(place, stops) === null);
      setFound({ answer, stations: reachableStations(runOut, vehicle, firstStopId, { places, routeKm: answer.routeKm }) });
    } catch (caught) {
      setError(errorMessage(caught, corridorText.searchFailed));
    } finally {
      setSearching(false);
    }
  }, [tripId, runOut, vehicle, firstStopId, stops]);

  const isInTrip = useCallback((place: TCorridorPlace) => findDuplicateStop(place, stops) !== null, [stops]);

  /** Null for a member who may not edit. */
  const add = connection
    ? (place: TCorridorPlace) => {
        if (addAlongRoute(connection, place)) toast.success(text.added(place.name));
        else toast.error(corridorText.legGone);
      }
    : null;

  return { find, searching, error, found, add, isInTrip };
}
