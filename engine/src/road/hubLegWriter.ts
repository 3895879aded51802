/**
 * The REST process's leg writer: legs go through the trip-document hub like any server-origin change,
 * and every commit the hub makes (REST edits to stops, route mode, the keeper's own writes) asks the
 * keeper to look again.
 */
import type { Logger } from '../lib/logger.ts';
import { serverOrigin } from '../tripDocs/origins.ts';
import type { TripDocHub } from '../tripDocs/tripDocHub.ts';
import type { LegRouter } from '../routing/index.ts';
import { LegKeeper } from './legKeeper.ts';

export function keepLegsThroughHub(hub: TripDocHub, router: LegRouter, logger: Logger, options?: ConstructorParameters<typeof LegKeeper>[3]): LegKeeper {
  const keeper = new LegKeeper(
    {
      doc: async (tripId) => (await hub.open(tripId))?.doc ?? null,
      write: (tripId, change) => hub.write(tripId, serverOrigin(null), ({ doc, transact }) => transact(() => change(doc))),
    },
    router,
    logger,
    options,
  );
  hub.onCommitted((tripId) => keeper.schedule(tripId));
  return keeper;
}
