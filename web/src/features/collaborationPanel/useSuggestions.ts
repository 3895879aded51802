/**
 * Suggestions of one list — pending, or archived (denied and archived together) — newest
 * first. Live from the trip document once it holds the trip; from /trips/suggestions until then.
 */
import { useQuery } from '@tanstack/react-query';
import type * as Y from 'yjs';
import { readSuggestions, suggestionsMap, type DocSuggestion, type TSuggestionListFilter } from '@caravan/shared';
import { useDocValue, type ListState } from '../../lib/collab/useDocValue.ts';
import { collabKeys, collaborationApi } from './collaborationApi.ts';
import { queryListState } from './ListStates.tsx';

export type SuggestionView = Pick<
  DocSuggestion,
  'id' | 'name' | 'address' | 'notes' | 'latitude' | 'longitude' | 'status' | 'suggestedByDisplayName' | 'suggestedByAvatarUrl' | 'createdAt'
>;

const NONE: DocSuggestion[] = [];

const inList = (filter: TSuggestionListFilter) => (suggestion: SuggestionView) =>
  filter === 'archived' ? suggestion.status === 'denied' || suggestion.status === 'archived' : suggestion.status === filter;

const newestFirst = (a: SuggestionView, b: SuggestionView) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

export function useSuggestions(tripId: string, doc: Y.Doc | null, filter: TSuggestionListFilter): ListState<SuggestionView> {
  const live = useDocValue(doc, suggestionsMap, readSuggestions, NONE);
  const fetched = useQuery({
    queryKey: collabKeys.suggestions(tripId, filter),
    queryFn: () => collaborationApi.suggestions(tripId, filter),
    select: (suggestions) => suggestions.filter(inList(filter)).sort(newestFirst),
    enabled: !live.ready,
  });
  return live.ready ? { status: 'ready', items: live.value.filter(inList(filter)).sort(newestFirst) } : queryListState(fetched);
}
