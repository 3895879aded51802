/** An entry's text in the timeline: up to 300 characters, the rest behind 'Show more' (docs/product.md#journal). */
import { useState } from 'react';
import { JOURNAL_PREVIEW_TIMELINE_CHARS, truncateText } from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';

const text = tripViewMessages.journal;

export function JournalEntryText({ content }: { content: string }) {
  const [expanded, setExpanded] = useState(false);
  const preview = truncateText(content, JOURNAL_PREVIEW_TIMELINE_CHARS);
  const long = preview !== content.trim();
  return (
    <div className="journal-text">
      <p>{expanded || !long ? content : preview}</p>
      {long && (
        <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? text.showLess : text.showMore}
        </button>
      )}
    </div>
  );
}
