/**
 * Reads from the live trip document and re-reads when an observed part changes (deep: a change inside a stop's
 * map counts). `ready` says the
 * document holds the trip at all (the server mirrors `meta` into it, so an empty `meta` means it has
 * neither synced nor come from this device's cache yet); until then callers fall back to the REST calls.
 */
import { useEffect, useState } from 'react';
import type * as Y from 'yjs';
import { metaMap } from '@caravan/shared';

export interface DocValue<T> {
  ready: boolean;
  value: T;
}

/** A list read from the document once it holds the trip, else from its REST call (suggestions, activity, comments). */
export type ListState<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; items: T[] };

export function useDocValue<T>(
  doc: Y.Doc | null,
  observed: (doc: Y.Doc) => Y.AbstractType<any> | ReadonlyArray<Y.AbstractType<any>>,
  read: (doc: Y.Doc) => T,
  empty: T,
): DocValue<T> {
  const [state, setState] = useState<DocValue<T>>({ ready: false, value: empty });
  useEffect(() => {
    if (!doc) {
      setState({ ready: false, value: empty });
      return;
    }
    const roots = [observed(doc)].flat();
    const meta = metaMap(doc);
    // However many transactions arrive in a frame (a sync, a burst of edits), the value is read once.
    let frame: number | null = null;
    const readNow = () => {
      frame = null;
      setState({ ready: meta.size > 0, value: read(doc) });
    };
    const update = () => {
      frame ??= requestAnimationFrame(readNow);
    };
    readNow();
    roots.forEach((root) => root.observeDeep(update));
    meta.observe(update);
    return () => {
      roots.forEach((root) => root.unobserveDeep(update));
      meta.unobserve(update);
      if (frame !== null) cancelAnimationFrame(frame);
    };
    // `observed`, `read` and `empty` are module-level functions and values in every caller.
  }, [doc]);
  return state;
}
