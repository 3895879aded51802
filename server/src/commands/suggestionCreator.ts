/**
 * A member suggests a stop: the suggestion goes into the trip document as a server-origin change (members
 * see it appear live; the projection writes its stop_suggestions row in the same commit). The suggester's
 * name and avatar are the account's own.
 */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { recordMap, suggestionsMap, type DocSuggestion, type TCreateSuggestionRequest, type TSuggestion } from '@caravan/shared';
import type { User } from '../entities/user.ts';
import { suggestionListQuery } from '../queries/suggestionList.ts';
import { serverOrigin } from '../tripDocs/origins.ts';
import type { TripDocHub } from '../tripDocs/tripDocHub.ts';

export async function suggestionCreator(
  deps: { dataSource: DataSource; tripDocs: TripDocHub },
  user: User,
  params: TCreateSuggestionRequest,
): Promise<TSuggestion> {
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
  await deps.tripDocs.write(params.tripId, serverOrigin(user.id), ({ doc, transact }) => {
    transact(() => suggestionsMap(doc).set(id, recordMap(suggestion)));
  });
  const [created] = await suggestionListQuery(deps.dataSource, params.tripId, { id });
  return created;
}
