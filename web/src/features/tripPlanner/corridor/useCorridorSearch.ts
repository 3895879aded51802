/**
 * "Along the route", the dialog's state: the stretch, categories, charging filters and width chosen, the last answer
 * of /trips/corridor/search (or the one kept for it: ./searchOrKept.ts), and Add, which writes a found place into its
 * leg of the live document as one Undo.
 */
import { useCallback, useState } from 'react';
import { findDuplicateStop, hasPosition, type ChargingPlug, type CorridorCategory, type CorridorWidthKm, type DocStop, type TCorridorPlace, type TCorridorSearchRequest, type TCorridorSearchResponse } from '@caravan/shared';
import { errorMessage } from '../../../lib/api.ts';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { addAlongRoute } from './addAlongRoute.ts';
import { corridorText as text } from './messages.ts';
import { searchOrKept } from './searchOrKept.ts';

export interface CorridorChoices {
  /** '' for the whole trip; else the leg starting at this stop. */
  fromStopId: string;
  categories: CorridorCategory[];
  widthKm: CorridorWidthKm;
  plugs: ChargingPlug[];
  minPowerKw: number | null;
}

/** The located stop after `stopId`, or undefined. */
export function nextLocatedStop(stops: readonly DocStop[], stopId: string): DocStop | undefined {
  const index = stops.findIndex((stop) => stop.id === stopId);
  return index < 0 ? undefined : stops.slice(index + 1).find(hasPosition);
}

export function useCorridorSearch(tripId: string, stops: readonly DocStop[], connection: TripConnection | null, initialFrom: string) {
  const toast = useToast();
  const [choices, setChoices] = useState<CorridorChoices>({ fromStopId: initialFrom, categories: ['fuel'], widthKm: 5, plugs: [], minPowerKw: null });
  const [answer, setAnswer] = useState<TCorridorSearchResponse | null>(null);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = useCallback((patch: Partial<CorridorChoices>) => setChoices((before) => ({ ...before, ...patch })), []);

  const search = useCallback(async () => {
    if (choices.categories.length === 0) {
      setError(text.chooseCategory);
      return;
    }
    const toStopId = choices.fromStopId ? nextLocatedStop(stops, choices.fromStopId)?.id : undefined;
    setSearching(true);
    setError(null);
    const { fromStopId, categories, widthKm, plugs, minPowerKw } = choices;
    const charging = categories.includes('charging');
    const request: TCorridorSearchRequest = {
      tripId,
      ...(fromStopId && { fromStopId, toStopId }),
      categories,
      widthKm,
      plugs: charging ? plugs : [],
      minPowerKw: charging ? minPowerKw : null,
    };
    try {
      setAnswer(await searchOrKept(request));
    } catch (caught) {
      setError(errorMessage(caught, text.searchFailed));
    } finally {
      setSearching(false);
    }
  }, [choices, stops, tripId]);

  const isInTrip = useCallback((place: TCorridorPlace) => findDuplicateStop(place, stops) !== null, [stops]);

  /** Adds the place inside its leg, as one change the member undoes at once; null for a member who may not edit. */
  const add = connection
    ? (place: TCorridorPlace) => {
        if (addAlongRoute(connection, place)) toast.success(text.added(place.name));
        else toast.error(text.legGone);
      }
    : null;

  return { choices, choose, search, searching, error, answer, add, isInTrip };
}
