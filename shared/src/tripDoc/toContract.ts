/** Turns a trip document into the JSON shapes of the contract: ordered stops with 0-based stopOrder, etc. */
import type * as Y from 'yjs';
import { readActivity, readComments, readMeta, readSuggestions } from './access.ts';
import type { DocActivity, DocComment, DocMeta, DocStop, DocSuggestion } from './schema.ts';
import { orderedStops } from './stops.ts';

export type ContractStop = Omit<DocStop, 'pos'> & { stopOrder: number };

export interface TripDocJson {
  stops: ContractStop[];
  suggestions: DocSuggestion[];
  comments: DocComment[];
  /** Newest first. */
  activity: DocActivity[];
  meta: Partial<DocMeta>;
}

export function contractStops(doc: Y.Doc): ContractStop[] {
  return orderedStops(doc).map(({ pos: _pos, ...stop }, stopOrder) => ({ ...stop, stopOrder }));
}

export function tripDocToJson(doc: Y.Doc): TripDocJson {
  const byCreatedAt = <T extends { createdAt: string; id: string }>(a: T, b: T) =>
    a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
  return {
    stops: contractStops(doc),
    suggestions: readSuggestions(doc).sort(byCreatedAt).reverse(),
    comments: readComments(doc).sort(byCreatedAt),
    activity: readActivity(doc).reverse(),
    meta: readMeta(doc),
  };
}
