/**
 * A stop keeps its lodging only while it is an overnight stop. The web app clears the lodging in the same
 * transaction that turns overnight off, as /trips/stops/update-plan does; an update that leaves lodging on a stop
 * that is not (or no longer) an overnight one — another client's, or an offline edit of the lodging merged after
 * someone turned overnight off — is taken, so that device still syncs, and its stray lodging cleared here as a
 * server-derived change in the same batch.
 */
import type * as Y from 'yjs';
import { stopsMap, type RecordMap } from '@caravan/shared';
import { Connection } from './connection.ts';

const hasStrayLodging = (stop: RecordMap | undefined) => stop !== undefined && stop.get('overnight') !== true && (stop.get('lodging') ?? null) !== null;

/** Starts watching `doc`; `applyDerived` is the room's. Returns the stop function. */
export function watchStrayLodging(doc: Y.Doc, applyDerived: (change: (doc: Y.Doc) => void) => void): () => void {
  const stops = stopsMap(doc) as Y.Map<RecordMap>;
  const observer = (events: Array<Y.YEvent<any>>, transaction: Y.Transaction) => {
    if (!(transaction.origin instanceof Connection)) return;
    const stray = new Set<string>();
    for (const event of events) {
      if (event.target === stops) {
        for (const [stopId, { action }] of event.changes.keys) if (action !== 'delete' && hasStrayLodging(stops.get(stopId))) stray.add(stopId);
        continue;
      }
      const stopId = (event.target as RecordMap)._item?.parentSub;
      const keys = event.changes.keys;
      if (stopId && (keys.has('overnight') || keys.has('lodging')) && hasStrayLodging(stops.get(stopId))) stray.add(stopId);
    }
    if (stray.size === 0) return;
    applyDerived((current) => {
      for (const stopId of stray) {
        const stop = stopsMap(current).get(stopId);
        if (hasStrayLodging(stop)) stop!.set('lodging', null);
      }
    });
  };
  stops.observeDeep(observer);
  return () => stops.unobserveDeep(observer);
}
