/**
 * Journal entries as every view shows them (docs/product.md#journal): newest first by entry date then
 * creation time, the latest entry, text previews of 120/150/300 characters, and the synthetic entry
 * that presents a legacy stop's journalContent and photos.
 */
import { messages } from '../messages.ts';
import { JOURNAL_PREVIEW_CARD_CHARS } from '../constants.ts';

export interface JournalEntryView {
  id: string;
  content: string | null;
  photos: string[] | null;
  entryDate: string | null;
  createdAt: string;
}

export interface LegacyJournalStop {
  id: string;
  journalContent?: string | null;
  photos?: string[] | null;
  createdAt?: string | null;
}

export const LEGACY_ENTRY_PREFIX = 'legacy-';

/** Milliseconds of a timestamp, or -Infinity so that undated entries sort after dated ones. */
function time(value: string | null | undefined): number {
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? Number.NEGATIVE_INFINITY : parsed;
}

/** Newest entryDate first; on the same entryDate, the one written last first. */
export function compareJournalEntries(a: Pick<JournalEntryView, 'entryDate' | 'createdAt'>, b: Pick<JournalEntryView, 'entryDate' | 'createdAt'>): number {
  const byEntryDate = time(b.entryDate) - time(a.entryDate);
  if (byEntryDate && !Number.isNaN(byEntryDate)) return byEntryDate;
  const byCreated = time(b.createdAt) - time(a.createdAt);
  return byCreated && !Number.isNaN(byCreated) ? byCreated : 0;
}

export function sortJournalEntries<T extends JournalEntryView>(entries: ReadonlyArray<T>): T[] {
  return [...entries].sort(compareJournalEntries);
}

/** A stop from before journal entries existed, shown as one entry 'legacy-<stop id>'; null when it holds nothing. */
export function legacyJournalEntry(stop: LegacyJournalStop): JournalEntryView | null {
  const content = stop.journalContent?.trim() ? stop.journalContent : null;
  const photos = stop.photos?.length ? stop.photos : null;
  if (!content && !photos) return null;
  const createdAt = stop.createdAt ?? new Date(0).toISOString();
  return { id: `${LEGACY_ENTRY_PREFIX}${stop.id}`, content, photos, entryDate: stop.createdAt ?? null, createdAt };
}

export function isLegacyEntryId(entryId: string): boolean {
  return entryId.startsWith(LEGACY_ENTRY_PREFIX);
}

/** A stop's entries, the legacy one included, newest first. */
export function stopJournalEntries<T extends JournalEntryView>(
  stop: LegacyJournalStop & { journalEntries?: ReadonlyArray<T> | null },
): Array<T | JournalEntryView> {
  const legacy = legacyJournalEntry(stop);
  return sortJournalEntries<T | JournalEntryView>([...(stop.journalEntries ?? []), ...(legacy ? [legacy] : [])]);
}

/** The first `maxChars` characters, with an ellipsis when there were more. */
export function truncateText(text: string, maxChars: number): string {
  const trimmed = text.trim();
  // Array.from counts an emoji as one character and never cuts one in half.
  const characters = Array.from(trimmed);
  return characters.length > maxChars ? `${characters.slice(0, maxChars).join('').trimEnd()}...` : trimmed;
}

/** An entry's preview: its text cut to `maxChars`, else 'N photo(s)', else an empty string. */
export function journalPreview(entry: Pick<JournalEntryView, 'content' | 'photos'> | undefined, maxChars: number = JOURNAL_PREVIEW_CARD_CHARS): string {
  if (!entry) return '';
  if (entry.content?.trim()) return truncateText(entry.content, maxChars);
  const photoCount = entry.photos?.length ?? 0;
  return photoCount ? messages.itinerary.photoCount(photoCount) : '';
}
