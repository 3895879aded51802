/** The owner's pending suggestions (docs/product.md#suggestions): 2 skeleton rows while loading, Approve and Deny on each. */
import type * as Y from 'yjs';
import { canReviewSuggestions, type TTripRole } from '@caravan/shared';
import { SkeletonRows } from '../../components/SkeletonRows.tsx';
import { errorMessage } from '../../lib/api.ts';
import { collabPanelMessages } from './messages.ts';
import { SuggestionRow } from './SuggestionRow.tsx';
import { useSuggestions } from './useSuggestions.ts';

const text = collabPanelMessages;
export const PENDING_SUGGESTION_SKELETON_ROWS = 2;

export function SuggestionsTab({ tripId, role, doc }: { tripId: string; role: TTripRole; doc: Y.Doc | null }) {
  const suggestions = useSuggestions(tripId, doc, 'pending');
  const canReview = canReviewSuggestions(role);
  return (
    <section aria-labelledby="collab-suggestions-title">
      <h3 id="collab-suggestions-title">{text.suggestionsTitle}</h3>
      {suggestions.status === 'loading' && <SkeletonRows count={PENDING_SUGGESTION_SKELETON_ROWS} label={text.loadingSuggestions} />}
      {suggestions.status === 'error' && (
        <p role="alert" className="error-text">
          {text.suggestionsError(errorMessage(suggestions.error))}
        </p>
      )}
      {suggestions.status === 'ready' && suggestions.items.length === 0 && <p className="empty-text">{text.noPendingSuggestions}</p>}
      {suggestions.status === 'ready' && suggestions.items.length > 0 && (
        <ul className="collab-list" aria-label={text.suggestionsTitle}>
          {suggestions.items.map((suggestion) => (
            <SuggestionRow key={suggestion.id} tripId={tripId} suggestion={suggestion} canReview={canReview} />
          ))}
        </ul>
      )}
    </section>
  );
}
