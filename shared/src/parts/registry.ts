/**
 * The parts of the trip document (./part.ts), and what both doors do with them: judge a write against every part
 * it touches, apply it, and read the activity it records. The live door (collab-server/src/permissions.ts) and
 * REST's document writes (engine/src/tripDocs/partWrites.ts) loop over this list; adding a part is adding it here.
 */
import type * as Y from 'yjs';
import { checklistsPart } from './checklists/index.ts';
import { decisionsPart } from './decisions/index.ts';
import { moneyPart } from './money/index.ts';
import type { ActivityNote, KeyChange, KeyWrite, PartWriter, RestRefusal, TripPart } from './part.ts';
import type { Rewrite } from './rewrites.ts';

export const TRIP_PARTS: readonly TripPart[] = [checklistsPart, decisionsPart, moneyPart];

const partsByRoot = new Map(TRIP_PARTS.flatMap((part) => part.roots.map((root) => [root, part] as const)));

/** The part that owns the root map `root`, if any. */
export const partOfRoot = (root: string): TripPart | undefined => partsByRoot.get(root);

export type PartVerdict = { refusal: string } | { refusal: null; rewrites: Rewrite[] };

/** Judges one write's key writes (on any parts' roots) against `doc` as it is before them. */
export function judgeWrites(doc: Y.Doc, writes: readonly KeyWrite[], writer: PartWriter, now: Date = new Date()): PartVerdict {
  const rewrites: Rewrite[] = [];
  for (const part of TRIP_PARTS) {
    const own = writes.filter((write) => partOfRoot(write.root) === part);
    if (own.length === 0) continue;
    const refusal = part.judge(doc, own, { writer, now, rewrites });
    if (refusal !== null) return { refusal };
  }
  const stray = writes.find((write) => !partOfRoot(write.root));
  return stray ? { refusal: `no part owns ${JSON.stringify(stray.root.slice(0, 64))}` } : { refusal: null, rewrites };
}

/** How REST answers `refusal` (./part.ts `restAnswer`): a 400 with its words unless a part says otherwise. */
export const restRefusal = (refusal: string): RestRefusal =>
  TRIP_PARTS.map((part) => part.restAnswer?.(refusal)).find((answer) => answer !== undefined) ?? { code: 'validation', message: refusal };

/** The activity applied changes record, in order. */
export function activityOf(doc: Y.Doc, changes: readonly KeyChange[], writer: PartWriter): ActivityNote[] {
  return changes.flatMap((change) => partOfRoot(change.root)?.activity?.(change, doc, writer) ?? []);
}
