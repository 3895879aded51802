/**
 * A member suggests a stop: the suggestion goes into the trip document as a server-origin change (members
 * see it appear live; the projection writes its stop_suggestions row in the same commit). The suggester's
 * name and avatar are the account's own.
 */
import { randomUUID } from 'node:crypto';
import { recordMap, suggestionsMap, type DocSuggestion, type TCreateSuggestionRequest } from '@caravan/shared';
import { serverOrigin, type TripDocHub, type User } from '@caravan/engine';

export async function suggestionCreator(
  tripDocs: TripDocHub,
  user: User,
  params: TCreateSuggestionRequest,
): Promise<string> {
  const id = randomUUID();
  const suggestion: DocSuggestion = {
    id,
    name: params.name,
    address: params.address,
    notes: params.notes,
    latitude: params.latitude,
    longitude: params.longitude,
    status: 'pending',
    suggestedBy: user.id,
    suggestedByDisplayName: user.displayName,
    suggestedByAvatarUrl: user.avatarUrl,
    createdAt: new Date().toISOString(),
  };
  await tripDocs.write(params.tripId, serverOrigin(user.id), ({ doc, transact }) => {
    transact(() => suggestionsMap(doc).set(id, recordMap(suggestion)));
  });
  return id;
}
