/**
 * The place a stop form's typed text names, for every form that puts a stop (or a suggested one) on the map
 * without a picked suggestion (Add Manually, Suggest Stop): coordinates typed in the address or the name are the
 * position; else the search's best match for the address (or, with none, the name), ranked near the trip. The
 * outcome is what the form then says (PlaceLookupStatus): the look-up under way, where the stop went, or that
 * nothing was found, keeping what was about to be added for the user's choice of where, or whether, it goes.
 */
import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LatLng, TLocationResult } from '@caravan/shared';
import { errorMessage } from './api.ts';
import { findTypedPlace, SearchOfflineError, typedPosition } from './locationSearch.ts';
import { locationSearchMessages } from './messages/locationSearchMessages.ts';

const text = locationSearchMessages;

export type PlaceLookupOutcome<Pending> =
  | { kind: 'finding'; query: string }
  | { kind: 'placed'; message: string }
  | { kind: 'notFound'; message: string; pending: Pending };

export interface PlaceLookup<Pending> {
  outcome: PlaceLookupOutcome<Pending> | null;
  /** A look-up is under way: the form takes no second submit meanwhile. */
  finding: boolean;
  /**
   * The place `typed` names (ranked near `near`, as the form's type-ahead ranks), or null when none was found or the
   * search failed: the outcome says which, and keeps `pending`.
   */
  find: (typed: { name: string; address: string | null; near: readonly LatLng[] }, pending: Pending) => Promise<TLocationResult | null>;
  /** Says where the stop went: at `address`, the place found. */
  placed: (name: string, address: string) => void;
  clear: () => void;
}

export function usePlaceLookup<Pending>(): PlaceLookup<Pending> {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<PlaceLookupOutcome<Pending> | null>(null);

  const find = useCallback<PlaceLookup<Pending>['find']>(
    async ({ name, address, near }, pending) => {
      const query = (address ?? '').trim() || name;
      setOutcome({ kind: 'finding', query });
      try {
        const place = typedPosition(address ?? '') ?? typedPosition(name) ?? (await findTypedPlace(queryClient, query, near));
        if (place) setOutcome(null);
        else setOutcome({ kind: 'notFound', message: text.notFound(query), pending });
        return place;
      } catch (caught) {
        const message = caught instanceof SearchOfflineError ? text.notFoundOffline(query) : errorMessage(caught, text.findFailed);
        setOutcome({ kind: 'notFound', message, pending });
        return null;
      }
    },
    [queryClient],
  );
  const placed = useCallback((name: string, address: string) => setOutcome({ kind: 'placed', message: text.placedAt(name, address) }), []);
  const clear = useCallback(() => setOutcome(null), []);
  return useMemo(() => ({ outcome, finding: outcome?.kind === 'finding', find, placed, clear }), [outcome, find, placed, clear]);
}
