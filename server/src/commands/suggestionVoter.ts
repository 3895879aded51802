/**
 * A member votes up or down on a pending suggestion, or takes their vote back (null), through the decisions part's
 * writer, judged by its rule as the live door's votes are (docs/product.md#votes-and-polls). A reviewed suggestion
 * takes no votes: REST says so (409) where the live door takes an offline device's late vote and puts it back.
 */
import { decisionWrites, messages, readRecord, suggestionTally, suggestionsMap, type DocSuggestion, type SuggestionVote, type TVoteTally, type TripRole } from '@caravan/shared';
import { AppError, writeParts, type TripDocHub, type User } from '@caravan/engine';

export async function suggestionVoter(
  tripDocs: TripDocHub,
  voter: User,
  role: TripRole,
  params: { tripId: string; suggestionId: string; vote: SuggestionVote | null },
): Promise<TVoteTally> {
  return writeParts(
    tripDocs,
    params.tripId,
    voter,
    role,
    ({ doc }) => {
      const record = suggestionsMap(doc).get(params.suggestionId);
      if (!record) throw new AppError('not_found', messages.collaboration.suggestions.notFound);
      if (readRecord<DocSuggestion>(record).status !== 'pending') throw new AppError('conflict', messages.decisions.suggestionNotPending);
      return decisionWrites.voteSuggestion(params.suggestionId, params.vote, voter.id);
    },
    (doc) => ({ suggestionId: params.suggestionId, ...suggestionTally(doc, params.suggestionId, voter.id) }),
  );
}
