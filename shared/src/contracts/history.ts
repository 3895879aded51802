/**
 * A trip's history (docs/product.md#trip-history): versions of the trip document taken after a burst of editing
 * settles, right before a whole-trip change, or by name; each can be browsed, compared with another or the current
 * trip, and restored as a new forward change (whole, or one stop or one entry of a part).
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { requestObject, stopIdInput, tripId } from './common.ts';

const h = messages.history.validation;

/** A version's id: its position in the trip's update log, as a decimal string (a bigint). */
const versionId = () =>
  z
    .string({ error: h.invalidVersionId })
    .regex(/^[1-9][0-9]{0,18}$/, h.invalidVersionId)
    // Nineteen digits reach past PostgreSQL's bigint (the fuzz's 9999999999999999999).
    .refine((id) => id.length < 19 || id <= '9223372036854775807', h.invalidVersionId);

export const HISTORY_PAGE_MAX = 1000;
export const VERSION_NAME_MAX = 100;

/**
 * Why a version was taken: after editing settled (`auto`), named by a member (`named`), or right before a
 * whole-trip change (`before_*`).
 */
export const VERSION_KINDS = [
  'auto',
  'named',
  'before_plan_days',
  'before_optimise',
  'before_import',
  'before_bulk_schedule',
  'before_dates',
  'before_restore',
] as const;
export const ZVersionKind = z.enum(VERSION_KINDS, { error: h.invalidVersionKind });
export type TVersionKind = z.infer<typeof ZVersionKind>;

export const ZVersionEditor = z.object({ userId: z.number().nullable(), displayName: z.string() });

export const ZTripVersion = z.object({
  id: z.string(),
  takenAt: z.string(),
  kind: ZVersionKind,
  /** A member's name for it ("Before we cut Oregon"), or null. */
  name: z.string().nullable(),
  /** Who edited since the version before it. */
  editors: z.array(ZVersionEditor),
  /** One line: "Ana moved 3 stops, Ben added an expense". */
  summary: z.string(),
});
export type TTripVersion = z.infer<typeof ZTripVersion>;

export const ZHistoryListRequest = requestObject({
  tripId: tripId(),
  limit: z.number({ error: h.invalidLimit }).int(h.invalidLimit).min(1, h.invalidLimit).max(HISTORY_PAGE_MAX, h.invalidLimit).optional(),
  /** The last version of the previous page: the next page holds older ones. */
  before: versionId().optional(),
});
export const ZHistoryListResponse = z.object({ versions: z.array(ZTripVersion), nextBefore: z.string().nullable() });

/** Names the trip as it is now, or marks it right before a whole-trip change the browser is about to write. */
export const ZTakeVersionRequest = requestObject({
  tripId: tripId(),
  kind: z.enum(['named', 'before_plan_days', 'before_optimise', 'before_import', 'before_bulk_schedule', 'before_dates'], {
    error: h.invalidVersionKind,
  }),
  name: z.string({ error: h.invalidName }).trim().min(1, h.invalidName).max(VERSION_NAME_MAX, h.nameTooLong).optional(),
});
export const ZTakeVersionResponse = z.object({ version: ZTripVersion });

export const ZReadVersionRequest = requestObject({ tripId: tripId(), versionId: versionId() });
/** A part's root as it was: key → plain value. */
export const ZPartRootValues = z.record(z.string(), z.unknown());
export const ZReadVersionResponse = z.object({
  version: ZTripVersion,
  /** The stops in their order, each with its document fields and id. */
  stops: z.array(z.record(z.string(), z.unknown())),
  /** Every part's roots (checklists, votes and polls, shared costs …): root → key → value. */
  parts: z.record(z.string(), ZPartRootValues),
  /** The whole document as it was, a Yjs update in base64, for the browser to show with its own views. */
  update: z.string(),
});

/** Who did a change: the members whose updates made it (empty when unknown). */
const ZChangedBy = z.array(z.number());

export const ZFieldChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export const ZStopChange = z.object({
  stopId: z.string(),
  /** The stop's name after the change (before it, for a removed stop). */
  name: z.string(),
  kind: z.enum(['added', 'removed', 'moved', 'changed']),
  /** For `changed` (a rename is a change of `name`), and `moved` also lists its changed fields if any. */
  fields: z.array(ZFieldChange),
  by: ZChangedBy,
});
export const ZDayChange = z.object({
  /** 1-based day of the itinerary. */
  day: z.number(),
  date: z.string().nullable(),
  beforeStopIds: z.array(z.string()),
  afterStopIds: z.array(z.string()),
});
export const ZEntryChange = z.object({
  /** The part's name (checklists, decisions, money). */
  part: z.string(),
  root: z.string(),
  key: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  /** Words for the entry ("Gas in Eureka", "Where do we eat?"). */
  label: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  by: ZChangedBy,
});
export const ZTripChanges = z.object({
  stops: z.array(ZStopChange),
  days: z.array(ZDayChange),
  entries: z.array(ZEntryChange),
  /** Everyone named in `by`, with their names. */
  members: z.array(ZVersionEditor),
  summary: z.string(),
});
export type TTripChanges = z.infer<typeof ZTripChanges>;

export const ZDiffVersionsRequest = requestObject({
  tripId: tripId(),
  fromVersionId: versionId(),
  /** Absent: the trip as it is now. */
  toVersionId: versionId().optional(),
});
export const ZDiffVersionsResponse = z.object({ changes: ZTripChanges });

export const ZRestoreVersionRequest = requestObject({
  tripId: tripId(),
  versionId: versionId(),
  /** Only this stop, or only this entry of a part; absent: the whole trip. */
  only: z
    .union([z.strictObject({ stopId: stopIdInput() }), z.strictObject({ root: z.string().max(64), key: z.string().max(200) })], {
      error: h.invalidRestoreTarget,
    })
    .optional(),
});
export const ZRestoreVersionResponse = z.object({
  /** The version taken right before the restore: restoring it is the restore's Undo. */
  before: ZTripVersion,
});
