/** Title, description and background as the trip document's `meta` says now, else as the details answer said. */
import type * as Y from 'yjs';
import { metaMap, readMeta, type DocMeta, type TPublicTrip } from '@caravan/shared';
import { useDocValue } from '../../lib/collab/useDocValue.ts';

const EMPTY: Partial<DocMeta> = {};

export interface LiveMeta {
  title: string;
  description: string | null;
  heroImage: string | null;
}

export function useLiveMeta(doc: Y.Doc | null, detail: TPublicTrip | null): LiveMeta {
  const { value: meta } = useDocValue(doc, metaMap, readMeta, EMPTY);
  return {
    title: meta.title ?? detail?.title ?? '',
    description: meta.description !== undefined ? meta.description : (detail?.description ?? null),
    heroImage: meta.heroImage !== undefined ? meta.heroImage : (detail?.heroImage ?? null),
  };
}
