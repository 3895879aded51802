/**
 * "Optimise route" (docs/product.md#optimise-route), the dialog's state: the shared proposal state
 * (./useOrderProposal.ts) over /trips/stops/optimise-route, whose Apply writes the proposed order.
 */
import { arrangeStops, type TOptimiseRouteResponse } from '@caravan/shared';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { takeVersionBefore } from '../../../lib/tripHistory/takeVersionBefore.ts';
import { tripPageMessages } from '../messages.ts';
import { tripApi } from '../tripApi.ts';
import { sameOrder, useOrderProposal } from './useOrderProposal.ts';

const text = tripPageMessages.optimise;

/** Whether applying this proposal would move any stop. */
export const reorders = (proposal: TOptimiseRouteResponse) => !sameOrder(proposal.order, proposal.fromOrder);

export function useRouteOptimiser(tripId: string, connection: TripConnection, onApplied: () => void) {
  return useOrderProposal({
    connection,
    onApplied,
    text,
    ask: (options) => tripApi.optimiseRoute({ tripId, ...options }),
    write: (proposal: TOptimiseRouteResponse) => arrangeStops(connection.doc, proposal.order),
    before: () => takeVersionBefore(tripId, 'before_optimise'),
  });
}
