/** Typed access to the trip document's root types and records; both client and server use these. */
import * as Y from 'yjs';
import { ROOT, type DocActivity, type DocComment, type DocMeta, type DocSuggestion } from './schema.ts';

export type RecordMap = Y.Map<unknown>;

export const stopsMap = (doc: Y.Doc) => doc.getMap<RecordMap>(ROOT.stops);
export const suggestionsMap = (doc: Y.Doc) => doc.getMap<RecordMap>(ROOT.suggestions);
export const commentsMap = (doc: Y.Doc) => doc.getMap<RecordMap>(ROOT.comments);
export const activityArray = (doc: Y.Doc) => doc.getArray<RecordMap>(ROOT.activity);
export const metaMap = (doc: Y.Doc) => doc.getMap<unknown>(ROOT.meta);

/** A Y.Map holding a record's fields, ready to insert. */
export function recordMap(fields: object): RecordMap {
  const map = new Y.Map<unknown>();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) map.set(key, value);
  return map;
}

export function readRecord<T>(map: RecordMap): T {
  return map.toJSON() as T;
}

export function readSuggestions(doc: Y.Doc): DocSuggestion[] {
  return [...suggestionsMap(doc).values()].map((map) => readRecord<DocSuggestion>(map));
}

export function readComments(doc: Y.Doc): DocComment[] {
  return [...commentsMap(doc).values()].map((map) => readRecord<DocComment>(map));
}

export function readActivity(doc: Y.Doc): DocActivity[] {
  return activityArray(doc).toArray().map((map) => readRecord<DocActivity>(map));
}

export function readMeta(doc: Y.Doc): Partial<DocMeta> {
  return metaMap(doc).toJSON() as Partial<DocMeta>;
}
