/**
 * May this trip role do X (docs/architecture.md#where-each-rule-lives): pure predicates of a role, asked by the REST
 * handlers, the live door and the web app alike, so each rule is written once. `null` is no membership.
 */
import type { TTripRole } from '../contracts/common.ts';
import { PLAN_STOP_FIELD_KEYS } from '../contracts/planFields.ts';
import { DERIVED_STOP_KEYS, OWNER_ONLY_STOP_KEYS, type StopFieldKey } from '../tripDoc/schema.ts';

export type TripRole = TTripRole;

export const isOwner = (role: TripRole | null) => role === 'owner';
export const canEditStops = (role: TripRole | null) => role === 'owner' || role === 'editor';

// Pure: a page that asks only a role (My Trips' canDeleteTrip) leaves the stop schema out of its bundle.
const OWNER_ONLY_STOP_KEY_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(OWNER_ONLY_STOP_KEYS);
/** Legs are the server's to derive (shared/src/road/driveLeg.ts): no role writes them. */
const DERIVED_STOP_KEY_SET: ReadonlySet<string> = /* @__PURE__ */ new Set(DERIVED_STOP_KEYS);
export const isDerivedStopKey = (key: StopFieldKey) => DERIVED_STOP_KEY_SET.has(key);
/**
 * Stop write rights, through either door (docs/architecture.md#a-trip-changes-through-two-doors): whoever edits
 * stops writes their fields, except the owner-only ones (visited, dates, scheduling), which only the owner
 * sets, changes or clears.
 */
export const mayWriteStopKey = (role: TripRole | null, key: StopFieldKey) =>
  canEditStops(role) && !isDerivedStopKey(key) && (isOwner(role) || !OWNER_ONLY_STOP_KEY_SET.has(key));

export const canDeleteTrip = isOwner;
/** Import places adds stops, so whoever adds stops may preview a file's places. */
export const canImportPlaces = canEditStops;

/**
 * Every member writes the live trip document, each only what its rules allow (collab-server/src/permissions.ts):
 * stop fields by mayWriteStopKey, votes and polls by the rules below, shared costs by
 * ../parts/money/permissions.ts; so a viewer's write reaches only their own votes and costs.
 */
export const canWriteLiveDoc = (role: TripRole | null) => isMember(role);

/** Arrival dates and auto-scheduling are the owner's (docs/architecture.md#where-each-rule-lives). */
export const canScheduleStops = (role: TripRole | null) =>
  mayWriteStopKey(role, 'plannedArrivalDate') && mayWriteStopKey(role, 'autoScheduled');
/** Journals and their photos are the owner's. */
export const canWriteJournal = isOwner;
/** The trip's background image is the owner's. */
export const canChangeBackground = isOwner;
/** A drive-time estimate writes only estimatedDriveMinutes, so whoever may write that field may ask for one. */
export const canEstimateDriveTimes = (role: TripRole | null) => mayWriteStopKey(role, 'estimatedDriveMinutes');

/* Collaboration (docs/architecture.md#where-each-rule-lives). A public trip's non-members read the trip, not its collaboration. */
export const isMember = (role: TripRole | null) => role !== null;
export const canViewMembers = isMember;
export const canInviteMembers = canEditStops;
/** The Pending tab is the owner's: its links are the invitations themselves. */
export const canViewInvitations = isOwner;
export const canRemoveMembers = isOwner;
/** A trip keeps its owner: the owner's membership cannot be removed. */
export const isRemovableMember = (memberRole: TripRole) => !isOwner(memberRole);
/** Only the owner moves members between editor and viewer; the owner's own role never changes (one owner per trip). */
export const canChangeMemberRoles = isOwner;
export const isRoleChangeable = isRemovableMember;
export const canViewSuggestions = isMember;
export const canSuggestStops = isMember;
export const canReviewSuggestions = canEditStops;
export const canViewComments = isMember;
export const canComment = isMember;
export const canResolveComments = canEditStops;
export const canViewActivity = isMember;

/** Trip details are for members; a share link reads the public shape instead (/trips/public). */
export const canReadTripDetails = isMember;
/** A stop's plan (kind, stay, fixed time, opening hours, overnight, lodging): whoever may write every one of its keys. */
export const canPlanStops = (role: TripRole | null) => PLAN_STOP_FIELD_KEYS.every((key) => mayWriteStopKey(role, key));
/**
 * "We're here" and "We're running late" (a stop's arrivedAt and delayMinutes): neither key is owner-only or derived, so
 * whoever edits stops (mayWriteStopKey gives the live door the same answer; tripPermissions.test.ts holds them together).
 */
export const canRecordProgress = canEditStops;
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
/** "Plan my days" proposes an order and day ends the same people may apply. */
export const canPlanDays = canEditStops;
/** Search along the route: any member looks; adding a found place is an edit of the stops. */
export const canSearchAlongRoute = isMember;
/** The route's map offline: any member, viewers too, keeps the tiles of the route they travel. */
export const canKeepMapOffline = isMember;
/** Exports (GPX, KML, GeoJSON, ICS, PDF) read what trip details show: any member. */
export const canExportTrip = canReadTripDetails;
/** The weather of the trip's stop-days: what reads the trip reads it (a shared trip's readers ask by its link). */
export const canReadWeather = canReadTripDetails;
/** The calendar feed's secret opens the trip's plan to anyone holding it: only the owner makes, reads, rotates or revokes it. */
export const canManageCalendarFeed = isOwner;

/* Votes and polls (docs/product.md#votes-and-polls), through either door. */
/** Every member, viewers included, votes on pending suggestions and answers open polls; each only with their own vote. */
export const canVote = isMember;
export const canViewPolls = isMember;
/** Starting a poll shapes the trip's plan like a stop does: owner and editors. */
export const canCreatePolls = canEditStops;
/** A poll is closed by whoever started it, or by the owner. */
export const canClosePoll = (role: TripRole | null, userId: number, poll: { createdBy: number }) =>
  isOwner(role) || (isMember(role) && poll.createdBy === userId);

/* Checklists (docs/product.md#checklists), through either door. */
export const canViewChecklists = isMember;
/** Lists, their items' text, assignees, due dates and order shape the plan like stops: owner and editors. */
export const canEditChecklists = canEditStops;
/** Every member, viewers included, ticks items off: packing is everyone's job. */
export const canTickItems = isMember;

/* A trip's history (docs/product.md#trip-history): every member browses and compares its versions; whoever edits stops names, marks and restores them. */
export const canViewHistory = isMember;
export const canTakeVersions = canEditStops;
export const canRestoreVersions = canEditStops;
