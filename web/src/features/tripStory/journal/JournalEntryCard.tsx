/** One journal entry as the timeline shows it: its date, text and photos. */
import type { JournalEntryView } from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';
import { journalDate } from './journalDate.ts';
import { JournalEntryText } from './JournalEntryText.tsx';

const text = tripViewMessages.journal;

export function JournalEntryCard({ entry, stopName }: { entry: JournalEntryView; stopName: string }) {
  return (
    <article className="journal-entry">
      <time className="journal-date" dateTime={entry.entryDate ?? undefined}>
        {journalDate(entry.entryDate)}
      </time>
      {entry.content && <JournalEntryText content={entry.content} />}
      {entry.photos && entry.photos.length > 0 && (
        <ul className="photo-grid">
          {entry.photos.map((photo, index) => (
            <li key={`${index}-${photo.slice(-24)}`}>
              <img src={photo} alt={text.photoAlt(stopName, index + 1)} loading="lazy" />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
