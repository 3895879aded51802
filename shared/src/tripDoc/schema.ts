/**
 * The trip document: one Yjs document per trip (docs/architecture.md#a-trip-changes-through-two-doors).
 * - stops:       Y.Map<stopId, Y.Map>  each stop's fields plus `pos`, its fractional order key
 * - suggestions: Y.Map<id, Y.Map>      written by the server only
 * - comments:    Y.Map<id, Y.Map>      written by the server only
 * - activity:    Y.Array<Y.Map>        newest last, the newest ACTIVITY_LIMIT entries
 * - meta:        Y.Map                 mirrored from PostgreSQL by the server
 */
import { z } from 'zod';
import { planStopFields } from '../contracts/planFields.ts';
import { progressStopFields } from '../contracts/progressFields.ts';
import { stopFields } from '../contracts/stopFields.ts';
import type { TVehicle } from '../contracts/vehicle.ts';
import { isOrderKey } from '../domain/orderKeys.ts';
import { ZDriveLeg } from '../road/driveLeg.ts';
import { isStorableText } from '../storableText.ts';

export const TRIP_DOC_SCHEMA_VERSION = 1;
export const ACTIVITY_LIMIT = 200;

export const ROOT = {
  stops: 'stops',
  suggestions: 'suggestions',
  comments: 'comments',
  activity: 'activity',
  meta: 'meta',
} as const;

/**
 * Stop keys only the owner may write (docs/architecture.md#a-trip-changes-through-two-doors): visited, dates
 * and scheduling, and the legacy journal (its text and photos), which is the owner's like the journal entries
 * REST keeps.
 */
export const OWNER_ONLY_STOP_KEYS = ['visited', 'visitedAt', 'plannedArrivalDate', 'autoScheduled', 'journalContent', 'photos'] as const;
export type OwnerOnlyStopKey = (typeof OWNER_ONLY_STOP_KEYS)[number];
/** Stop keys the server derives from the stop list (shared/src/road/driveLeg.ts); no client writes them. */
export const DERIVED_STOP_KEYS = ['driveLeg'] as const;
export type DerivedStopKey = (typeof DERIVED_STOP_KEYS)[number];

/** Text of at most `max` characters that PostgreSQL can store, so the projection of any accepted write commits. */
const docText = (max: number) => z.string().max(max).refine(isStorableText);

/**
 * What each stop key may hold; the collab server checks client writes against it. Fields a REST call writes too
 * take their rule from the one table both doors are built from (../contracts/stopFields.ts); the rest only the
 * document carries.
 */
export const stopFieldSchemas = {
  name: stopFields.name,
  address: stopFields.address,
  notes: stopFields.notes,
  latitude: stopFields.latitude,
  longitude: stopFields.longitude,
  pos: docText(200).refine(isOrderKey),
  visited: z.boolean(),
  visitedAt: docText(40).nullable(),
  plannedArrivalDate: stopFields.plannedArrivalDate.nullable(),
  autoScheduled: stopFields.autoScheduled,
  estimatedDriveMinutes: z.number().int().min(0).max(100_000).nullable(),
  journalContent: stopFields.journalContent,
  photos: stopFields.photos,
  createdAt: docText(40),
  driveLeg: ZDriveLeg.nullable(),
  // The stop's plan (kind, stay, fixed time, opening hours, overnight, lodging): owners and editors write them.
  ...planStopFields,
  // How the day goes on the road (when the group got there, how late it set off): owners and editors write them.
  ...progressStopFields,
} as const;

export type StopFieldKey = keyof typeof stopFieldSchemas;
export const STOP_FIELD_KEYS = Object.keys(stopFieldSchemas) as StopFieldKey[];

export type DocStopFields = { [K in StopFieldKey]: z.infer<(typeof stopFieldSchemas)[K]> };
export type DocStop = DocStopFields & { id: string };

export interface DocSuggestion {
  id: string;
  name: string;
  address: string | null;
  notes: string | null;
  latitude: number | null;
  longitude: number | null;
  status: 'pending' | 'approved' | 'denied' | 'archived';
  suggestedBy: number | null;
  suggestedByDisplayName: string;
  suggestedByAvatarUrl: string | null;
  createdAt: string;
}

export interface DocComment {
  id: string;
  stopId: string;
  userId: number | null;
  content: string;
  resolved: boolean;
  createdAt: string;
  userDisplayName: string;
  userAvatarUrl: string | null;
  /** The members it mentions; absent in comments written before mentions. */
  mentions?: Array<{ userId: number; name: string }>;
}

export interface DocActivity {
  id: string;
  activityType: string;
  activityData: Record<string, unknown>;
  userId: number | null;
  displayName: string;
  avatarUrl: string | null;
  createdAt: string;
}

export interface DocMeta {
  schemaVersion: number;
  title: string;
  description: string | null;
  routeMode: boolean;
  isPublic: boolean;
  heroImage: string | null;
  /** Time of day a planned arrival means, 'HH:MM' (leave-by is computed from it). */
  arrivalTime: string;
  /** Legs longer than this are flagged; Bulk Schedule's "Count drive time" starts a new day past it. */
  dailyDriveLimitMinutes: number;
  /** Day 1's date 'YYYY-MM-DD'; null: the first stop's planned arrival date, or today. Absent in older documents. */
  startDate?: string | null;
  /** When day 1 leaves the first stop, 'HH:MM' (DEFAULT_DEPARTURE_TIME when absent). */
  departureTime?: string;
  /** When every later day may leave, 'HH:MM' (DEFAULT_EARLIEST_DEPARTURE when absent). */
  earliestDeparture?: string;
  /** Warn of a drive arriving after sunset (false when absent). */
  warnAfterSunset?: boolean;
  /** The car whose range is walked (../contracts/vehicle.ts); absent in older documents: none. */
  vehicle?: TVehicle;
  /** Bumped whenever rows outside the document change (members, journals), so clients refetch. */
  membersVersion: number;
  journalsVersion: number;
}
