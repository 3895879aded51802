/** The activity feed, newest first: live from the trip document once it holds the trip, else /trips/activity. */
import { useQuery } from '@tanstack/react-query';
import type * as Y from 'yjs';
import { activityArray, readActivity, type DocActivity } from '@caravan/shared';
import { useDocValue, type ListState } from '../../lib/collab/useDocValue.ts';
import { collabKeys, collaborationApi } from './collaborationApi.ts';
import { queryListState } from './ListStates.tsx';

const NONE: DocActivity[] = [];

export function useActivity(tripId: string, doc: Y.Doc | null): ListState<DocActivity> {
  const live = useDocValue(doc, activityArray, readActivity, NONE);
  const fetched = useQuery({
    queryKey: collabKeys.activity(tripId),
    queryFn: () => collaborationApi.activity(tripId),
    enabled: !live.ready,
  });
  return live.ready ? { status: 'ready', items: [...live.value].reverse() } : queryListState(fetched);
}
