/**
 * A version's stops, read-only, in their order then, each marked with what happened to it since (moved, changed,
 * removed), and Restore beside those for owners and editors; then the stops added since, which the version lacks.
 */
import type { DocStop } from '@caravan/shared';
import { historyMessages as text } from './messages.ts';
import { RestoreButton } from './RestoreButton.tsx';
import type { StopChangeSince } from './useVersionView.ts';

interface Props {
  stops: DocStop[];
  changedStops: ReadonlyMap<string, StopChangeSince>;
  headingId: string;
  onRestoreStop?: (stopId: string, name: string) => void;
  restoring: boolean;
}

export function BrowseStopList({ stops, changedStops, headingId, onRestoreStop, restoring }: Props) {
  const added = [...changedStops.values()].filter((change) => change.kind === 'added');
  return (
    <section className="card history-browse-stops" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.browseStopsHeading}</h2>
      {stops.length === 0 && <p className="muted">{text.noStops}</p>}
      <ol className="history-browse-list">
        {stops.map((stop) => {
          const change = changedStops.get(stop.id);
          const mark = change && change.kind !== 'added' ? change.kind : null;
          return (
            <li key={stop.id} className={mark ? `history-browse-stop history-since-${mark}` : 'history-browse-stop'}>
              <div className="history-browse-stop-text">
                <strong>{stop.name}</strong>
                {stop.address && <span className="muted">{stop.address}</span>}
                {mark && <span className={`history-badge history-badge-${mark}`}>{text.changedSince[mark]}</span>}
              </div>
              {mark && onRestoreStop && <RestoreButton label={text.restoreStopLabel(stop.name)} pending={restoring} onRestore={() => onRestoreStop(stop.id, stop.name)} />}
            </li>
          );
        })}
      </ol>
      {added.length > 0 && (
        <>
          <h3 id={`${headingId}-added`}>{text.addedSinceHeading}</h3>
          <ul className="history-added-since" aria-labelledby={`${headingId}-added`}>
            {added.map((change) => (
              <li key={change.stopId}>
                <span className="history-badge history-badge-added">{change.name}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
