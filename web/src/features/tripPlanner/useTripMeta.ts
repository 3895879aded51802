/** The trip document's `meta` map (title, description, routeMode, isPublic...), live: the server mirrors it from PostgreSQL. */
import { useEffect, useState } from 'react';
import type * as Y from 'yjs';
import { metaMap, readMeta, type DocMeta } from '@caravan/shared';

export function useTripMeta(doc: Y.Doc | null): Partial<DocMeta> {
  const [meta, setMeta] = useState<Partial<DocMeta>>({});
  useEffect(() => {
    if (!doc) return;
    const map = metaMap(doc);
    const read = () => setMeta(readMeta(doc));
    read();
    map.observe(read);
    return () => map.unobserve(read);
  }, [doc]);
  return meta;
}
