/**
 * What the live door takes from a member and puts right at once (docs/architecture.md#limits-hold-at-the-commit),
 * for writes an honest device can make offline, so that device is never refused for ever (its client would send
 * the same update on every reconnect) and what it wrote still does not stand:
 * - an entry written under an id that was deleted (an offline edit of a list, item, expense or payment deleted
 *   meanwhile, or a client re-creating deleted ids): deleted again, as the id is never used again;
 * - an authorship date far from the server's clock (a wrong clock, a forged date, or work left offline for more than
 *   a week): the server's time instead; an edit that changes an entry's `createdAt`: put back.
 * Who made an entry (`createdBy`, `closedBy`) is checked against the writer and refused otherwise: no device writes
 * another member's name. The room applies the rewrites as a server-derived change right after the update
 * (./room.ts), so they are committed and sent with it.
 */

/**
 * One key of a plain-value root to put right: `value` is what it holds after (undefined: deleted). An entry put
 * right is the member's value with the server's fields, written over whatever won meanwhile: a member who edits
 * again before the server's earlier rewrite reached them (both then write the key at once, and Yjs keeps one by
 * client id, not by time) keeps their edit.
 */
export interface Rewrite {
  root: string;
  key: string;
  value: unknown;
}

/**
 * How far ahead of the server's clock an authorship date may be and still stand (devices' clocks drift), and how
 * far behind (what a member did offline keeps the time they did it).
 */
export const STAMP_AHEAD_MS = 5 * 60_000;
export const STAMP_BEHIND_MS = 7 * 24 * 60 * 60_000;

const isNear = (stamp: unknown, now: Date) => {
  const at = typeof stamp === 'string' ? Date.parse(stamp) : Number.NaN;
  return at <= now.getTime() + STAMP_AHEAD_MS && at >= now.getTime() - STAMP_BEHIND_MS;
};

/**
 * The authorship dates of an entry written under `key`: a new entry's `createdAt`, and the dates named in `fresh`
 * when set (a poll's `closedAt` as it closes), near now or the server's time; a changed entry's `createdAt` as it
 * was. Adds the rewrite to `rewrites` when any must change.
 */
export function stampDates(
  rewrites: Rewrite[],
  root: string,
  key: string,
  after: { createdAt: string } & Record<string, unknown>,
  before: { createdAt: string } | null,
  now: Date,
  fresh: readonly string[] = [],
): void {
  const patch: Record<string, unknown> = {};
  if (before !== null) {
    if (after.createdAt !== before.createdAt) patch.createdAt = before.createdAt;
  } else if (!isNear(after.createdAt, now)) {
    patch.createdAt = now.toISOString();
  }
  for (const field of fresh) if (after[field] !== null && after[field] !== undefined && !isNear(after[field], now)) patch[field] = now.toISOString();
  if (Object.keys(patch).length) rewrites.push({ root, key, value: { ...after, ...patch } });
}

/** Deletes `key` of `root` again (an id that was deleted is never used again). */
export function takeBack(rewrites: Rewrite[], root: string, key: string): void {
  if (!rewrites.some((rewrite) => rewrite.root === root && rewrite.key === key && rewrite.value === undefined)) rewrites.push({ root, key, value: undefined });
}
