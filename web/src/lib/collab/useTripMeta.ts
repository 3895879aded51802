/**
 * The trip document's `meta` map (title, description, routeMode, isPublic, the road and plan settings...), live: the
 * server mirrors it from PostgreSQL. The one subscription to it: the trip page's header and map and the trip view's
 * settings (features/tripStory/useLiveMeta.ts) read it here. Empty until the document holds the trip.
 */
import type * as Y from 'yjs';
import { metaMap, readMeta, type DocMeta } from '@caravan/shared';
import { useDocValue } from './useDocValue.ts';

const EMPTY: Partial<DocMeta> = {};

export function useTripMeta(doc: Y.Doc | null): Partial<DocMeta> {
  return useDocValue(doc, metaMap, readMeta, EMPTY).value;
}
