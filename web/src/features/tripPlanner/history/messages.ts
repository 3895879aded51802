/** Trip history texts (docs/product.md#trip-history): the versions, browsing one, what changed, restore. */
import type { TVersionKind } from '@caravan/shared';

/** "Thu 2 Jul" of a 'YYYY-MM-DD' date, read as that calendar day wherever the browser is. */
const dayDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "2 Dec 2026, 14:05" in the browser's own time zone. */
export const versionTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const KIND_WORDS: Record<TVersionKind, string> = {
  auto: 'Saved while editing',
  named: 'Named version',
  before_plan_days: 'Before Plan my days',
  before_optimise: 'Before Optimise',
  before_import: 'Before Import places',
  before_bulk_schedule: 'Before Bulk schedule',
  before_dates: 'Before Use these dates',
  before_restore: 'Before a restore',
};

/** Stop fields in words; any other field reads as its key split into words. */
const FIELD_WORDS: Record<string, string> = {
  name: 'Name',
  address: 'Address',
  notes: 'Notes',
  latitude: 'Latitude',
  longitude: 'Longitude',
  visited: 'Visited',
  visitedAt: 'Visited at',
  plannedArrivalDate: 'Planned date',
  autoScheduled: 'Date from the schedule',
  estimatedDriveMinutes: 'Drive time',
  journalContent: 'Journal',
  photos: 'Photos',
  kind: 'Kind',
  stayMinutes: 'Stay',
  fixedTime: 'Fixed time',
  openingHours: 'Opening hours',
  overnight: 'Overnight',
  lodging: 'Lodging',
  refuels: 'Refuels here',
};

/** The parts of the trip document as the diff names them. */
const PART_WORDS: Record<string, string> = {
  checklists: 'Checklists',
  decisions: 'Polls and votes',
  money: 'Costs',
};

export const historyMessages = {
  open: 'History',
  openHint: 'Every version of the trip: browse one, see what changed, restore',
  title: 'Trip history',
  description: 'Versions are kept after a burst of editing, right before a whole-trip change, and when a member names one.',
  versionsHeading: 'Versions',
  loading: 'Loading versions…',
  loadFailed: 'Failed to load the trip history',
  empty: 'No versions yet: one is kept once editing settles.',
  loadMore: 'Show older versions',
  loadingMore: 'Loading older versions…',
  kind: (kind: TVersionKind) => KIND_WORDS[kind],
  /** The version's title: its member-given name, else its kind. */
  versionTitle: (kind: TVersionKind, name: string | null) => name ?? KIND_WORDS[kind],
  editedBy: (names: string[]) => (names.length ? `Edited by ${names.join(', ')}` : 'No edits recorded'),
  someone: 'Someone',
  view: 'View',
  viewLabel: (title: string, time: string) => `View the trip as it was: ${title}, ${time}`,
  changesSince: 'What changed since',
  changesSinceLabel: (title: string, time: string) => `What changed since ${title}, ${time}`,
  // Naming
  nameHeading: 'Name this version',
  nameLabel: 'A name for the trip as it is now',
  namePlaceholder: 'Before we cut Oregon',
  nameSave: 'Name this version',
  nameSaving: 'Naming…',
  named: (name: string) => `Version named “${name}”`,
  nameFailed: 'Failed to name this version',
  // Comparing
  compareHeading: 'Compare',
  compareFrom: 'From',
  compareTo: 'To',
  now: 'The trip now',
  compare: 'Show what changed',
  sinceLastLook: 'Since I last looked',
  sinceLastLookHint: (time: string) => `Your last look at this trip on this device: ${time}`,
  noVersionBeforeLastLook: 'No version was kept before your last look.',
  backToVersions: '← All versions',
  // What changed
  changesTitle: (from: string, to: string) => `What changed from ${from} to ${to}`,
  changesLoading: 'Comparing…',
  changesFailed: 'Failed to compare the versions',
  noChanges: 'Nothing changed.',
  stopsHeading: 'Stops',
  daysHeading: 'Days',
  entriesHeading: (part: string) => PART_WORDS[part] ?? part.replace(/^./, (first) => first.toUpperCase()),
  stopChange: (kind: 'added' | 'removed' | 'moved' | 'changed', name: string) =>
    ({ added: `Added ${name}`, removed: `Removed ${name}`, moved: `Moved ${name}`, changed: `Changed ${name}` })[kind],
  renamed: (before: string, after: string) => `Renamed ${before} to ${after}`,
  entryChange: (kind: 'added' | 'removed' | 'changed', label: string) =>
    ({ added: `Added ${label}`, removed: `Removed ${label}`, changed: `Changed ${label}` })[kind],
  field: (field: string) => FIELD_WORDS[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (first) => first.toUpperCase()).replace(/ [A-Z]/g, (word) => word.toLowerCase()),
  fieldChange: (field: string, before: string, after: string) => `${field}: ${before} → ${after}`,
  emptyValue: 'empty',
  yes: 'yes',
  no: 'no',
  by: (names: string[]) => (names.length ? `by ${names.join(', ')}` : ''),
  dayTitle: (day: number, date: string | null) => (date ? `Day ${day} · ${dayDate(date)}` : `Day ${day}`),
  dayStops: (before: string, after: string) => `${before || 'no stops'} → ${after || 'no stops'}`,
  // Browsing
  viewingBanner: (time: string) => `Viewing the trip as it was on ${time}`,
  readOnly: 'Read-only: nothing you do here changes the trip.',
  backToLive: 'Back to the live trip',
  versionLoading: 'Loading the version…',
  versionFailed: 'Failed to load this version',
  browseStopsHeading: 'Stops as they were',
  changedSince: { moved: 'Moved since', changed: 'Changed since', removed: 'Removed since' },
  addedSinceHeading: 'Added since',
  noStops: 'No stops in this version.',
  // Restoring
  restoreVersion: 'Restore this version',
  restoreVersionHint: 'The whole trip goes back to this version, as a new change every member sees; Undo takes it back.',
  restoreStop: 'Restore',
  restoreStopLabel: (name: string) => `Restore ${name} as it was`,
  restoreEntryLabel: (label: string) => `Restore ${label} as it was`,
  restoring: 'Restoring…',
  restored: (what: string) => `Restored ${what}`,
  restoredVersion: 'the trip',
  undo: 'Undo',
  undoLabel: (what: string) => `Undo restoring ${what}`,
  undoAlt: 'Open the trip history to restore the version before it',
  undone: 'Restore undone',
  close: 'Close',
  restoreFailed: (reason: string) => `Failed to restore: ${reason}`,
  undoFailed: (reason: string) => `Failed to undo the restore: ${reason}`,
};
