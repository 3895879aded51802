/**
 * Allow-lists for the trip detail shapes: the members' trip, the public trip behind a share link, and
 * one stop with its journal entries (a legacy stop's content shown as the entry 'legacy-{stop id}').
 */
import {
  legacyJournalEntry,
  type DriveLeg,
  type Lodging,
  sortJournalEntries,
  type TJournalEntry,
  type TPublicTrip,
  type TRoadSettings,
  type TTripDetail,
  type TTripRole,
  type TTripStop,
  canShareTrip,
  vehicleOf,
} from '@caravan/shared';
import type { Stop } from '@caravan/engine';

/** A stop as read from the `stops` projection or from the trip document (whose dates are ISO strings). */
export interface StopRecord extends Omit<Stop, 'pos' | 'updatedAt' | 'visitedAt' | 'plannedArrivalDate' | 'createdAt'> {
  visitedAt: Date | string | null;
  plannedArrivalDate: Date | string | null;
  /** Absent where the source has no legs (rows read before the projection carried them). */
  driveLeg?: DriveLeg | null;
  createdAt: Date | string;
  /** Its plan; absent where the source predates it (read as not planned). */
  kind?: TTripStop['kind'];
  stayMinutes?: number | null;
  fixedTime?: string | null;
  openingHours?: string | null;
  overnight?: boolean;
  lodging?: Lodging | null;
  refuels?: boolean | null;
}

export interface JournalEntryRecord {
  id: string;
  stopId: string;
  content: string | null;
  /** Photo URLs in the entry's order. */
  photos: string[];
  /** ISO strings when read as JSON from PostgreSQL. */
  entryDate: Date | string;
  createdAt: Date | string;
}

export interface TripRecord extends Omit<TRoadSettings, 'vehicle'> {
  /** As the row holds it (null: no car); presented through vehicleOf. */
  vehicle: unknown;
  id: string;
  ownerId: number;
  title: string;
  description: string | null;
  heroImage: string | null;
  /** An ISO string when read as JSON from PostgreSQL. */
  createdAt: Date | string;
  routeMode: boolean;
  isPublic: boolean;
  shareToken: string | null;
}

/** What Date#toISOString writes (and the trip detail query reads from PostgreSQL): nothing to redo. */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Timestamps leave as ISO strings; a document value that is no timestamp leaves as null. */
function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string' && CANONICAL_ISO.test(value)) return value;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

function presentJournalEntry(entry: JournalEntryRecord): TJournalEntry {
  return {
    id: entry.id,
    stopId: entry.stopId,
    content: entry.content,
    photos: entry.photos,
    entryDate: iso(entry.entryDate)!,
    createdAt: iso(entry.createdAt)!,
  };
}

export function presentStop(stop: StopRecord, entries: ReadonlyArray<JournalEntryRecord>): TTripStop {
  const createdAt = iso(stop.createdAt) ?? new Date(0).toISOString();
  const photos = (stop.photos ?? []).filter((photo) => typeof photo === 'string');
  const legacy = legacyJournalEntry({ id: stop.id, journalContent: stop.journalContent, photos, createdAt });
  const journalEntries: TJournalEntry[] = entries.map(presentJournalEntry);
  if (legacy) {
    journalEntries.push({
      id: legacy.id,
      stopId: stop.id,
      content: legacy.content,
      photos: legacy.photos ?? [],
      entryDate: legacy.entryDate ?? createdAt,
      createdAt: legacy.createdAt,
    });
  }
  return {
    id: stop.id,
    tripId: stop.tripId,
    name: stop.name,
    address: stop.address,
    notes: stop.notes,
    latitude: stop.latitude,
    longitude: stop.longitude,
    stopOrder: stop.stopOrder,
    visited: stop.visited,
    visitedAt: iso(stop.visitedAt),
    plannedArrivalDate: iso(stop.plannedArrivalDate),
    autoScheduled: stop.autoScheduled,
    estimatedDriveMinutes: stop.estimatedDriveMinutes,
    driveLeg: stop.driveLeg ?? null,
    journalContent: stop.journalContent,
    photos,
    createdAt,
    kind: stop.kind ?? null,
    stayMinutes: stop.stayMinutes ?? null,
    fixedTime: stop.fixedTime ?? null,
    openingHours: stop.openingHours ?? null,
    overnight: stop.overnight === true,
    lodging: stop.overnight === true ? (stop.lodging ?? null) : null,
    refuels: typeof stop.refuels === 'boolean' ? stop.refuels : null,
    journalEntries: sortJournalEntries(journalEntries),
  };
}

/** A stop behind a share link: a lodging's confirmation number is the members' (it changes or cancels the booking). */
export function presentPublicStop(stop: TTripStop): TTripStop {
  return stop.lodging ? { ...stop, lodging: { ...stop.lodging, confirmation: null } } : stop;
}

export function presentPublicTrip(trip: TripRecord, stops: TTripStop[]): TPublicTrip {
  return {
    id: trip.id,
    userId: trip.ownerId,
    title: trip.title,
    description: trip.description,
    heroImage: trip.heroImage,
    createdAt: iso(trip.createdAt)!,
    routeMode: trip.routeMode,
    stops,
    arrivalTime: trip.arrivalTime,
    dailyDriveLimitMinutes: trip.dailyDriveLimitMinutes,
    startDate: trip.startDate,
    departureTime: trip.departureTime,
    earliestDeparture: trip.earliestDeparture,
    warnAfterSunset: trip.warnAfterSunset,
    vehicle: vehicleOf(trip.vehicle),
  };
}

export function presentTripDetail(trip: TripRecord, role: TTripRole, stops: TTripStop[]): TTripDetail {
  return {
    ...presentPublicTrip(trip, stops),
    isPublic: trip.isPublic,
    shareToken: canShareTrip(role) ? trip.shareToken : null,
    role,
  };
}
