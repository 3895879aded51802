/**
 * A member votes up or down on a pending suggestion, or takes their vote back (null): one entry keyed by their
 * user id in the trip document's votes, as the live door lets them write it (docs/product.md#votes-and-polls).
 */
import { messages, readRecord, suggestionTally, suggestionsMap, voteKey, votesMap, type DocSuggestion, type SuggestionVote, type TVoteTally } from '@caravan/shared';
import { AppError, serverOrigin, type TripDocHub, type User } from '@caravan/engine';

export async function suggestionVoter(
  tripDocs: TripDocHub,
  voter: User,
  params: { tripId: string; suggestionId: string; vote: SuggestionVote | null },
): Promise<TVoteTally> {
  return tripDocs.write(params.tripId, serverOrigin(voter.id), ({ doc, transact }) => {
    const record = suggestionsMap(doc).get(params.suggestionId);
    if (!record) throw new AppError('not_found', messages.collaboration.suggestions.notFound);
    if (readRecord<DocSuggestion>(record).status !== 'pending') throw new AppError('conflict', messages.decisions.suggestionNotPending);
    const key = voteKey('suggestion', params.suggestionId, voter.id);
    transact(() => (params.vote === null ? votesMap(doc).delete(key) : votesMap(doc).set(key, params.vote)));
    return { suggestionId: params.suggestionId, ...suggestionTally(doc, params.suggestionId, voter.id) };
  });
}
