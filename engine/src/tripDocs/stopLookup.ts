/**
 * Finds a stop's key in the trip document. Stop ids are uuids compared without regard to case: the
 * projection (and so /trips/details) shows them lowercased, while a client may have written capitals.
 */
import type * as Y from 'yjs';
import { messages, stopsMap } from '@caravan/shared';
import { AppError } from '../lib/appError.ts';

export function stopKeyOrNotFound(doc: Y.Doc, stopId: string): string {
  const stops = stopsMap(doc);
  if (stops.has(stopId)) return stopId;
  const wanted = stopId.toLowerCase();
  for (const key of stops.keys()) if (key.toLowerCase() === wanted) return key;
  throw new AppError('not_found', messages.stops.notFound);
}
