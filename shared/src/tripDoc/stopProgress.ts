/**
 * The one writer of a stop's progress on the road, for both doors (the web app in its live document, the REST
 * command in the server's): an arrival marks the stop visited at that time too when the writer may set visited (the
 * owner; editors record the arrival alone, visited staying the owner's mark).
 */
import type * as Y from 'yjs';
import type { ProgressStopFields } from '../contracts/progressFields.ts';
import { findStop, updateStop } from './stops.ts';

export interface ProgressWrite extends Partial<ProgressStopFields> {
  /** Whether an arrival also marks the stop visited (the writer may set visited). */
  marksVisited: boolean;
}

/** Writes what `write` names (undefined keeps a field); false when there is no such stop. */
export function writeStopProgress(doc: Y.Doc, stopId: string, { marksVisited, ...fields }: ProgressWrite): boolean {
  const stop = findStop(doc, stopId);
  if (!stop) return false;
  const patch: Parameters<typeof updateStop>[2] = {};
  if (fields.arrivedAt !== undefined) patch.arrivedAt = fields.arrivedAt;
  if (fields.delayMinutes !== undefined) patch.delayMinutes = fields.delayMinutes;
  if (marksVisited && fields.arrivedAt) Object.assign(patch, stop.visited ? {} : { visited: true, visitedAt: fields.arrivedAt });
  // updateStop treats null as a value to write; an absent key and null read the same, so only a real change is written.
  for (const key of ['arrivedAt', 'delayMinutes'] as const) if (patch[key] === null && stop[key] === null) delete patch[key];
  doc.transact(() => updateStop(doc, stopId, patch));
  return true;
}
