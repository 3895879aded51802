/** A stop's comments, oldest first: live from the trip document once it holds the trip, else /trips/comments. */
import { useQuery } from '@tanstack/react-query';
import type * as Y from 'yjs';
import { commentsMap, readComments, type DocComment } from '@caravan/shared';
import { useDocValue, type ListState } from '../../../lib/collab/useDocValue.ts';
import { tripViewApi, viewKeys } from '../tripViewApi.ts';

const NONE: DocComment[] = [];
const oldestFirst = (a: DocComment, b: DocComment) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

export function useComments(tripId: string, stopId: string, doc: Y.Doc | null): ListState<DocComment> {
  const live = useDocValue(doc, commentsMap, readComments, NONE);
  const fetched = useQuery({
    queryKey: viewKeys.comments(tripId, stopId),
    queryFn: () => tripViewApi.comments(tripId, stopId),
    enabled: !live.ready,
  });
  if (live.ready) return { status: 'ready', items: live.value.filter((comment) => comment.stopId === stopId).sort(oldestFirst) };
  if (fetched.data) return { status: 'ready', items: fetched.data };
  if (fetched.isError) return { status: 'error', error: fetched.error };
  return { status: 'loading' };
}
