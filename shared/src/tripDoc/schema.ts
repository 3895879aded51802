/**
 * The trip document: one Yjs document per trip (ARCHITECTURE "The trip document").
 * - stops:       Y.Map<stopId, Y.Map>  each stop's fields plus `pos`, its fractional order key
 * - suggestions: Y.Map<id, Y.Map>      written by the server only
 * - comments:    Y.Map<id, Y.Map>      written by the server only
 * - activity:    Y.Array<Y.Map>        newest last, the newest ACTIVITY_LIMIT entries
 * - meta:        Y.Map                 mirrored from PostgreSQL by the server
 */
import { z } from 'zod';

export const TRIP_DOC_SCHEMA_VERSION = 1;
export const ACTIVITY_LIMIT = 200;

export const ROOT = {
  stops: 'stops',
  suggestions: 'suggestions',
  comments: 'comments',
  activity: 'activity',
  meta: 'meta',
} as const;

/** Stop keys only the owner may write (ARCHITECTURE "Write paths"). */
export const OWNER_ONLY_STOP_KEYS = ['visited', 'visitedAt', 'plannedArrivalDate', 'autoScheduled'] as const;
export type OwnerOnlyStopKey = (typeof OWNER_ONLY_STOP_KEYS)[number];

const isoDate = z.string().max(40).nullable();

/** What each stop key may hold; the collab server checks client writes against it. */
export const stopFieldSchemas = {
  name: z.string().min(1).max(200),
  address: z.string().max(500).nullable(),
  notes: z.string().max(5000).nullable(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  pos: z.string().min(1).max(200),
  visited: z.boolean(),
  visitedAt: isoDate,
  plannedArrivalDate: isoDate,
  autoScheduled: z.boolean(),
  estimatedDriveMinutes: z.number().int().min(0).max(100_000).nullable(),
  journalContent: z.string().max(100_000).nullable(),
  photos: z.array(z.string().max(2048)).max(100).nullable(),
  createdAt: z.string().max(40),
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
  /** Bumped whenever rows outside the document change (members, journals), so clients refetch. */
  membersVersion: number;
  journalsVersion: number;
}
