/**
 * A part of the trip document (docs/architecture.md#parts-of-the-trip-document): a few root maps of plain values
 * (checklists, votes and polls, shared costs …) with one folder holding their schema, readers, writers, the policy
 * that judges a write and the activity a write records. Both doors and the browser go through it: the browser and
 * REST write with the part's writers; the live door reads a member's update into the same key writes; every write
 * is judged by the same `judge` before it lands (./registry.ts).
 */
import type * as Y from 'yjs';
import type { TTripRole } from '../contracts/common.ts';
import type { ActivityType } from '../tripDoc/activityTypes.ts';
import type { Rewrite } from './rewrites.ts';

/** One key of a part's root that a write sets to `value`, or clears (`value` undefined). */
export interface KeyWrite {
  root: string;
  key: string;
  value: unknown;
}

/** What a write did to one key once applied (undefined: no value). */
export interface KeyChange {
  root: string;
  key: string;
  before: unknown;
  after: unknown;
}

/** Who writes: their role, their user id (null: no entry is theirs), and the trip's current members by id with their names. */
export interface PartWriter {
  role: TTripRole;
  userId: number | null;
  members: ReadonlyMap<number, string>;
}

/** What a judged write leaves to put right at once (./rewrites.ts), gathered across parts. */
export interface JudgeContext {
  writer: PartWriter;
  now: Date;
  rewrites: Rewrite[];
}

/** An activity entry a change records, without who made it (each door adds its actor). */
export interface ActivityNote {
  type: ActivityType;
  data: Record<string, unknown>;
}

/** A refusal as REST answers it. */
export interface RestRefusal {
  code: 'validation' | 'forbidden' | 'not_found' | 'conflict';
  message: string;
}

export interface TripPart {
  name: string;
  /** The root maps it owns: nothing else writes them. */
  roots: readonly string[];
  /** The refusal for a value that is not one plain value (a Yjs type, an embed) under `key` of `root`. */
  notPlain(root: string, key: string): string;
  /**
   * Why `writes` (every key one write sets or clears on this part's roots, in order, against `doc` as it is before
   * them) are refused, or null. Pure: it reads `doc` and adds what to put right to `context.rewrites`.
   */
  judge(doc: Y.Doc, writes: readonly KeyWrite[], context: JudgeContext): string | null;
  /**
   * How REST answers those of the judge's refusals that are not a bad request in the rule's own words (the rest are
   * 400s with the refusal): who may not (403), what is not there (404) or closed (409), in REST's words.
   */
  restAnswer?(refusal: string): RestRefusal | undefined;
  /** The activity entries one applied change records (read after the write, so `doc` holds `after`). */
  activity?(change: KeyChange, doc: Y.Doc, writer: PartWriter): ActivityNote[];
}
