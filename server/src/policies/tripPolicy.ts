/**
 * Who may do what on a trip (ARCHITECTURE "Authorization"). Pure functions of a trip role, used by the
 * REST handlers and the collab server alike; the loader hides private trips from non-members (404).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { DERIVED_STOP_KEYS, messages, OWNER_ONLY_STOP_KEYS, type StopFieldKey, type TTripRole } from '@caravan/shared';
import { queryPrepared } from '../db/dataSource.ts';
import { TripEntity, type Trip } from '../entities/trip.ts';
import type { User } from '../entities/user.ts';
import { AppError } from '../lib/appError.ts';

export type TripRole = TTripRole;

export const isOwner = (role: TripRole | null) => role === 'owner';
export const canEditStops = (role: TripRole | null) => role === 'owner' || role === 'editor';

const OWNER_ONLY_STOP_KEY_SET: ReadonlySet<string> = new Set(OWNER_ONLY_STOP_KEYS);
/** Legs are the server's to derive (shared/src/road/driveLeg.ts): no role writes them. */
const DERIVED_STOP_KEY_SET: ReadonlySet<string> = new Set(DERIVED_STOP_KEYS);
/**
 * Stop write rights, through either door (ARCHITECTURE "Write paths"): whoever edits stops writes their
 * fields, except the owner-only ones (visited, dates, scheduling), which only the owner sets, changes or clears.
 */
export const mayWriteStopKey = (role: TripRole | null, key: StopFieldKey) =>
  canEditStops(role) && !DERIVED_STOP_KEY_SET.has(key) && (isOwner(role) || !OWNER_ONLY_STOP_KEY_SET.has(key));

export const canDeleteTrip = isOwner;
/** Import places (issue 21) adds stops, so whoever adds stops may preview a file's places. */
export const canImportPlaces = canEditStops;

/**
 * The live trip document takes client writes to stops only (collab-server/src/permissions.ts checks each
 * field with mayWriteStopKey), so whoever edits stops writes it; anyone else's sync writes are dropped.
 */
export const canWriteLiveDoc = canEditStops;

/** Prepared: every collab connection and most REST calls on a trip ask it. */
const TRIP_ROLE = { name: 'caravan_trip_role', text: `SELECT role FROM trip_members WHERE trip_id = $1 AND user_id = $2` };

export async function findTripRole(
  db: DataSource | EntityManager,
  tripId: string,
  userId: number,
): Promise<TripRole | null> {
  const rows = await queryPrepared<{ role: TripRole }>(db, TRIP_ROLE, [tripId, userId]);
  return rows[0]?.role ?? null;
}

export interface TripAccess {
  trip: Trip;
  role: TripRole | null;
}

/** Loads a trip with the caller's role; a trip the caller may not see does not exist for them. */
export async function loadTripAccess(
  db: DataSource | EntityManager,
  tripId: string,
  user: User | undefined,
): Promise<TripAccess> {
  const trip = await db.getRepository(TripEntity).findOneBy({ id: tripId });
  const role = trip && user ? await findTripRole(db, tripId, user.id) : null;
  if (!trip || (!role && !trip.isPublic)) throw new AppError('not_found', messages.trips.notFound);
  return { trip, role };
}

export function authorize(allowed: boolean): void {
  if (!allowed) throw new AppError('forbidden', messages.common.forbidden);
}

/** Arrival dates and auto-scheduling are the owner's (ARCHITECTURE "Authorization"). */
export const canScheduleStops = (role: TripRole | null) =>
  mayWriteStopKey(role, 'plannedArrivalDate') && mayWriteStopKey(role, 'autoScheduled');
/** Journals and their photos are the owner's. */
export const canWriteJournal = isOwner;
/** The trip's background image is the owner's. */
export const canChangeBackground = isOwner;
/** A drive-time estimate writes only estimatedDriveMinutes, so whoever may write that field may ask for one. */
export const canEstimateDriveTimes = (role: TripRole | null) => mayWriteStopKey(role, 'estimatedDriveMinutes');

/* Collaboration (SPEC-2 §2.3, §6; ARCHITECTURE "Authorization"). A public trip's non-members read the trip, not its collaboration. */
export const isMember = (role: TripRole | null) => role !== null;
export const canViewMembers = isMember;
export const canInviteMembers = canEditStops;
/** The Pending tab is the owner's: its links are the invitations themselves. */
export const canViewInvitations = isOwner;
export const canRemoveMembers = isOwner;
/** A trip keeps its owner: the owner's membership cannot be removed (SPEC-2). */
export const isRemovableMember = (memberRole: TripRole) => !isOwner(memberRole);
export const canViewSuggestions = isMember;
export const canSuggestStops = isMember;
export const canReviewSuggestions = canEditStops;
export const canViewComments = isMember;
export const canComment = isMember;
export const canResolveComments = canEditStops;
export const canViewActivity = isMember;

/** Trip details are for members; a share link reads the public shape instead (/trips/public). */
export const canReadTripDetails = isMember;
/** Toggling writes visited and visitedAt. */
export const canToggleVisited = (role: TripRole | null) => mayWriteStopKey(role, 'visited') && mayWriteStopKey(role, 'visitedAt');
/** A stop's legacy journal content and photos are journal data, the owner's. */
export const canEditStopContent = isOwner;
export const canShareTrip = isOwner;
export const canSetRouteMode = isOwner;
/** The arrival time of day and the daily driving limit shape everyone's schedule: the owner's, like the dates. */
export const canSetRoadSettings = isOwner;
/**
 * "Optimise route" proposes an order that whoever edits stops may then apply (the proposal itself writes
 * nothing): owner and editor.
 */
export const canOptimiseRoute = canEditStops;
/** Exports (GPX, KML, GeoJSON, ICS, PDF) read what trip details show: any member (issue 21). */
export const canExportTrip = canReadTripDetails;
/** The calendar feed's secret opens the trip's plan to anyone holding it: only the owner makes, reads, rotates or revokes it. */
export const canManageCalendarFeed = isOwner;
