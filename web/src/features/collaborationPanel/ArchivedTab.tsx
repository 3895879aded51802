/** The owner's archived suggestions: denied and archived ones (docs/product.md#suggestions), 3 skeleton rows while loading. */
import type * as Y from 'yjs';
import { SkeletonRows } from '../../components/SkeletonRows.tsx';
import { errorMessage } from '../../lib/api.ts';
import { collabPanelMessages } from './messages.ts';
import { SuggestionRow } from './SuggestionRow.tsx';
import { useSuggestions } from './useSuggestions.ts';

const text = collabPanelMessages;
export const ARCHIVED_SUGGESTION_SKELETON_ROWS = 3;

export function ArchivedTab({ tripId, doc }: { tripId: string; doc: Y.Doc | null }) {
  const suggestions = useSuggestions(tripId, doc, 'archived');
  return (
    <section aria-labelledby="collab-archived-title">
      <h3 id="collab-archived-title">{text.archivedTitle}</h3>
      {suggestions.status === 'loading' && <SkeletonRows count={ARCHIVED_SUGGESTION_SKELETON_ROWS} label={text.loadingSuggestions} />}
      {suggestions.status === 'error' && (
        <p role="alert" className="error-text">
          {text.suggestionsError(errorMessage(suggestions.error))}
        </p>
      )}
      {suggestions.status === 'ready' && suggestions.items.length === 0 && (
        <div className="collab-empty">
          <p className="collab-empty-title">{text.noArchived}</p>
          <p className="muted small">{text.noArchivedBody}</p>
        </div>
      )}
      {suggestions.status === 'ready' && suggestions.items.length > 0 && (
        <ul className="collab-list" aria-label={text.archivedTitle}>
          {suggestions.items.map((suggestion) => (
            <SuggestionRow key={suggestion.id} tripId={tripId} suggestion={suggestion} canReview={false} />
          ))}
        </ul>
      )}
    </section>
  );
}
