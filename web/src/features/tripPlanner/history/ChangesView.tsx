/**
 * "What changed" between two versions, or from a version to the trip now: per part (stops, days, then each part's
 * entries), each change with who made it; owners and editors get Restore beside each stop and entry that the first
 * version holds (it comes back as it was there).
 */
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TTripChanges } from '@caravan/shared';
import { errorMessage } from '../../../lib/api.ts';
import { DayChangeList } from './DayChangeList.tsx';
import { EntryChangeList } from './EntryChangeList.tsx';
import { historyApi, historyKeys } from '../../../lib/tripHistory/historyApi.ts';
import { historyMessages as text } from './messages.ts';
import { StopChangeList } from './StopChangeList.tsx';
import type { useRestore } from './useRestore.ts';

interface Props {
  tripId: string;
  fromVersionId: string;
  /** null: the trip as it is now. */
  toVersionId: string | null;
  /** The two ends in words, for the heading. */
  fromLabel: string;
  toLabel: string;
  /** The trip's stop names now, for days whose stops did not change themselves. */
  stopNames: ReadonlyMap<string, string>;
  /** Owners and editors: restore one stop or entry of the first version. */
  restorer: ReturnType<typeof useRestore> | null;
  /** Shown in the history dialog: a restore is said there, not in a toast. */
  inDialog?: boolean;
}

/** Entries grouped by part, in the order the diff gives them. */
function byPart(entries: TTripChanges['entries']) {
  const parts = new Map<string, TTripChanges['entries']>();
  for (const entry of entries) parts.set(entry.part, [...(parts.get(entry.part) ?? []), entry]);
  return [...parts];
}

export function ChangesView({ tripId, fromVersionId, toVersionId, fromLabel, toLabel, stopNames, restorer, inDialog = false }: Props) {
  const id = useId();
  const diff = useQuery({
    queryKey: historyKeys.diff(tripId, fromVersionId, toVersionId),
    queryFn: () => historyApi.diff(tripId, fromVersionId, toVersionId),
    staleTime: toVersionId === null ? 0 : Infinity,
  });
  const heading = <h3 id={`${id}-title`}>{text.changesTitle(fromLabel, toLabel)}</h3>;
  if (diff.isPending)
    return (
      <section aria-labelledby={`${id}-title`} aria-busy="true">
        {heading}
        <p className="muted">{text.changesLoading}</p>
      </section>
    );
  if (diff.isError)
    return (
      <section aria-labelledby={`${id}-title`}>
        {heading}
        <p role="alert" className="form-error">
          {text.changesFailed}: {errorMessage(diff.error)}
        </p>
      </section>
    );

  const { changes } = diff.data;
  const names = new Map(stopNames);
  for (const stop of changes.stops) if (!names.has(stop.stopId)) names.set(stop.stopId, stop.name);
  const nothing = changes.stops.length + changes.days.length + changes.entries.length === 0;
  const restore = restorer?.restore;
  return (
    <section className="history-changes" aria-labelledby={`${id}-title`}>
      {heading}
      {changes.summary && <p>{changes.summary}</p>}
      {nothing && <p className="muted">{text.noChanges}</p>}
      <StopChangeList
        changes={changes}
        headingId={`${id}-stops`}
        restoring={restorer?.pending ?? false}
        onRestoreStop={restore && ((stopId, name) => restore({ versionId: fromVersionId, only: { stopId }, what: name, inDialog }))}
      />
      <DayChangeList changes={changes} headingId={`${id}-days`} stopName={(stopId) => names.get(stopId) ?? stopId} />
      {byPart(changes.entries).map(([part, entries]) => (
        <EntryChangeList
          key={part}
          part={part}
          entries={entries}
          members={changes.members}
          headingId={`${id}-part-${part}`}
          restoring={restorer?.pending ?? false}
          onRestoreEntry={restore && ((entry) => restore({ versionId: fromVersionId, only: { root: entry.root, key: entry.key }, what: entry.label, inDialog }))}
        />
      ))}
    </section>
  );
}
