/**
 * A version to browse: its read answer decoded into a Y.Doc of its own (never connected, so nothing written to it
 * goes anywhere), and what changed since it (the diff from it to the trip now) by stop, for the highlights.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TTripChanges } from '@caravan/shared';
import { historyApi, historyKeys } from '../../../lib/tripHistory/historyApi.ts';
import { versionDoc } from './versionDoc.ts';

export type StopChangeSince = TTripChanges['stops'][number];

export function useVersionView(tripId: string, versionId: string) {
  const read = useQuery({
    queryKey: historyKeys.version(tripId, versionId),
    queryFn: () => historyApi.read(tripId, versionId),
    staleTime: Infinity,
  });
  const since = useQuery({
    queryKey: historyKeys.diff(tripId, versionId, null),
    queryFn: () => historyApi.diff(tripId, versionId, null),
    staleTime: 0,
  });
  const update = read.data?.update;
  const doc = useMemo(() => (update === undefined ? null : versionDoc(update)), [update]);
  const changes = since.data?.changes ?? null;
  const changedStops = useMemo(() => new Map((changes?.stops ?? []).map((change) => [change.stopId, change])), [changes]);
  return { read, doc, changes, changedStops };
}
