/** The owner's archived suggestions: denied and archived ones (docs/product.md#suggestions), 3 skeleton rows while loading. */
import type * as Y from 'yjs';
import { errorMessage } from '../../lib/api.ts';
import { ListStates } from './ListStates.tsx';
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
      <ListStates
        state={suggestions}
        skeleton={{ rows: ARCHIVED_SUGGESTION_SKELETON_ROWS, label: text.loadingSuggestions }}
        errorText={(error) => text.suggestionsError(errorMessage(error))}
        empty={
          <div className="collab-empty">
            <p className="collab-empty-title">{text.noArchived}</p>
            <p className="muted small">{text.noArchivedBody}</p>
          </div>
        }
      >
        {(items) => (
          <ul className="collab-list" aria-label={text.archivedTitle}>
            {items.map((suggestion) => (
              <SuggestionRow key={suggestion.id} tripId={tripId} suggestion={suggestion} canReview={false} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}
