/**
 * "What changed" between two versions of a trip document (docs/product.md#trip-history): stops, days and the
 * parts' entries, each with who did it, the members named, and the one-line summary. Pure: the server runs it over
 * two versions it rebuilt from the update log, the browser over a version and the live document.
 */
import type * as Y from 'yjs';
import type { TTripChanges } from '../contracts/history.ts';
import type { Attribution } from './attribution.ts';
import { changeSummary } from './changeSummary.ts';
import { dayChanges } from './dayChanges.ts';
import { memberName } from './entryLabel.ts';
import { entryChanges } from './entryChanges.ts';
import { stopChanges } from './stopChanges.ts';

export interface TripDiffOptions {
  /** Day 1 of a trip that names no date, 'YYYY-MM-DD' (default today in UTC): both documents are dated alike. */
  today?: string;
}

/**
 * The changes from `before` to `after` (two states of one trip's document, so their items share ids); who did each
 * comes from `attribution`, their names from `names` (a member who left: messages.collaboration.formerMember).
 */
export function diffTripDocs(
  before: Y.Doc,
  after: Y.Doc,
  attribution: Attribution,
  names: ReadonlyMap<number, string>,
  options: TripDiffOptions = {},
): TTripChanges {
  const stops = stopChanges(before, after, attribution);
  const entries = entryChanges(before, after, attribution, names);
  const days = dayChanges(before, after, options.today);
  // Everyone named, those who did most first (as the summary names them).
  const counts = new Map<number, number>();
  for (const change of [...stops, ...entries]) for (const userId of change.by) counts.set(userId, (counts.get(userId) ?? 0) + 1);
  const members = [...counts.entries()].sort(([, a], [, b]) => b - a).map(([userId]) => ({ userId, displayName: memberName(names, userId) }));
  return { stops, days, entries, members, summary: changeSummary({ stops, entries, members }) };
}
