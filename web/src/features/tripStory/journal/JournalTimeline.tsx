/**
 * A stop's journal, newest first (docs/product.md#journal): the newest entry shown, earlier ones in a collapsed
 * 'View N earlier entries' section; 'No journal entries yet' when there are none.
 */
import { useState } from 'react';
import * as Collapsible from '@radix-ui/react-collapsible';
import { stopJournalEntries, type TTripStop } from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';
import { JournalEntryCard } from './JournalEntryCard.tsx';

const text = tripViewMessages.journal;

export function JournalTimeline({ stop }: { stop: TTripStop }) {
  const [open, setOpen] = useState(false);
  const [newest, ...earlier] = stopJournalEntries(stop);
  if (!newest) return <p className="empty-text">{text.noEntries}</p>;
  return (
    <div className="journal-timeline">
      <JournalEntryCard entry={newest} stopName={stop.name} />
      {earlier.length > 0 && (
        <Collapsible.Root open={open} onOpenChange={setOpen}>
          <Collapsible.Trigger className="link-button">{text.earlierEntries(earlier.length)}</Collapsible.Trigger>
          <Collapsible.Content className="journal-earlier">
            {earlier.map((entry) => (
              <JournalEntryCard key={entry.id} entry={entry} stopName={stop.name} />
            ))}
          </Collapsible.Content>
        </Collapsible.Root>
      )}
    </div>
  );
}
