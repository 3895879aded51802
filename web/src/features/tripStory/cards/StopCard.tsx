/**
 * A stop in the trip view (docs/product.md#story): timeline dot, name (expands the card), address as a maps search,
 * the latest entry's preview, itinerary badges, and for the owner an edit button — the inline journal
 * editor in the story view, the Edit Stop dialog in the itinerary.
 */
import { memo, useState } from 'react';
import { journalPreview, stopJournalEntries, type TTripStop } from '@caravan/shared';
import { JournalEditor } from '../journal/JournalEditor.tsx';
import { mapsSearchUrl, openInNewTab } from '../mapsLink.ts';
import { tripViewMessages } from '../messages.ts';
import { EditStopDialog } from '../schedule/EditStopDialog.tsx';
import { useTripViewContext } from '../tripViewContext.ts';
import { StopBadges } from './StopBadges.tsx';
import { StopDetails } from './StopDetails.tsx';
import { TimelineDot } from './TimelineDot.tsx';

const text = tripViewMessages;

interface Props {
  stop: TTripStop;
  mode: 'story' | 'itinerary';
  /** 1-based, shown in the itinerary. */
  number?: number;
}

export const StopCard = memo(function StopCard({ stop, mode, number }: Props) {
  const { isOwner, onEditJournal } = useTripViewContext();
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  const preview = journalPreview(stopJournalEntries(stop)[0]);
  const detailsId = `stop-details-${stop.id}`;

  function edit() {
    if (mode === 'story' && onEditJournal) onEditJournal(stop.id);
    else setEditing(true);
  }

  return (
    <li className={`stop-card${stop.visited ? ' is-visited' : ''}`} data-stop-id={stop.id}>
      <TimelineDot stop={stop} />
      <div className="stop-card-body">
        <div className="stop-card-header">
          <button
            type="button"
            className="stop-card-toggle"
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            onClick={() => setExpanded(!expanded)}
          >
            {number !== undefined && <span className="stop-card-number">{number}.</span>}
            <span className="stop-card-name">{stop.name}</span>
            <span aria-hidden="true" className="chevron">
              {expanded ? '▾' : '▸'}
            </span>
          </button>
          {isOwner && (
            <button
              type="button"
              className="button small ghost"
              aria-label={mode === 'story' ? text.editJournal(stop.name) : text.editStop(stop.name)}
              onClick={edit}
            >
              {text.edit}
            </button>
          )}
        </div>
        {stop.address && (
          <button type="button" className="link-button stop-card-address" onClick={() => openInNewTab(mapsSearchUrl(stop))}>
            {stop.address}
            <span className="visually-hidden">{text.opensMaps}</span>
          </button>
        )}
        {preview && <p className="journal-preview">{preview}</p>}
        {mode === 'itinerary' && <StopBadges stop={stop} />}
        {mode === 'story' && editing ? (
          <JournalEditor stop={stop} onClose={() => setEditing(false)} />
        ) : (
          expanded && (
            <div id={detailsId}>
              <StopDetails stop={stop} mode={mode} />
            </div>
          )
        )}
        {mode === 'itinerary' && editing && <EditStopDialog stop={stop} open onOpenChange={setEditing} />}
      </div>
    </li>
  );
});
