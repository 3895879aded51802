/**
 * Pending suggestions (docs/product.md#suggestions), for every member: 2 skeleton rows while loading, every
 * member's up and down votes on each, Approve and Deny beside them for owner and editors, and "Approve where it
 * fits best" where that is not the end (read against the live stops).
 */
import type * as Y from 'yjs';
import { canReviewSuggestions, orderedStops, stopsMap, type DocStop, type TTripRole } from '@caravan/shared';
import { errorMessage } from '../../lib/api.ts';
import { useDocValue } from '../../lib/collab/useDocValue.ts';
import { ListStates } from './ListStates.tsx';
import { collabPanelMessages } from './messages.ts';
import { SuggestionRow } from './SuggestionRow.tsx';
import { toggleSuggestionVote, useSuggestionTally } from './useDecisions.ts';
import { useSuggestions } from './useSuggestions.ts';

const text = collabPanelMessages;
export const PENDING_SUGGESTION_SKELETON_ROWS = 2;
const NO_STOPS: DocStop[] = [];

interface Props {
  tripId: string;
  role: TTripRole;
  userId: number;
  doc: Y.Doc | null;
}

export function SuggestionsTab({ tripId, role, userId, doc }: Props) {
  const suggestions = useSuggestions(tripId, doc, 'pending');
  const tallyOf = useSuggestionTally(doc, userId);
  const canReview = canReviewSuggestions(role);
  const stops = useDocValue(doc, stopsMap, orderedStops, NO_STOPS).value;
  return (
    <section aria-labelledby="collab-suggestions-title">
      <h3 id="collab-suggestions-title">{text.suggestionsTitle}</h3>
      <ListStates
        state={suggestions}
        skeleton={{ rows: PENDING_SUGGESTION_SKELETON_ROWS, label: text.loadingSuggestions }}
        errorText={(error) => text.suggestionsError(errorMessage(error))}
        empty={<p className="empty-text">{text.noPendingSuggestions}</p>}
      >
        {(items) => (
          <ul className="collab-list" aria-label={text.suggestionsTitle}>
            {items.map((suggestion) => (
              <SuggestionRow
                key={suggestion.id}
                tripId={tripId}
                suggestion={suggestion}
                canReview={canReview}
                stops={stops}
                votes={{
                  tally: tallyOf?.(suggestion.id) ?? null,
                  onVote: (vote) => doc && toggleSuggestionVote(doc, userId, suggestion.id, vote, tallyOf?.(suggestion.id).mine ?? null),
                }}
              />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}
