/** The hero's fallback picture: the first photo in the stops' journal entries or legacy photos, in trip order. */
import { stopJournalEntries, type TTripStop } from '@caravan/shared';

export function firstJournalPhoto(stops: ReadonlyArray<TTripStop>): string | null {
  for (const stop of stops) {
    for (const entry of stopJournalEntries(stop)) {
      if (entry.photos?.length) return entry.photos[0];
    }
  }
  return null;
}
