/**
 * Who a comment may mention: the trip's other members (the members list the collaboration panel keeps), only
 * for a member of the trip (the share page's readers have no members list to ask).
 */
import { useQuery } from '@tanstack/react-query';
import { calls } from '@caravan/shared';
import { call } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import type { MentionCandidate } from './mentionText.ts';

const NONE: MentionCandidate[] = [];
/** The key the collaboration panel keeps the same answer under, so the two share it. */
const membersKey = (tripId: string) => ['collab', tripId, 'members'] as const;

export function useMentionCandidates(tripId: string, isMember: boolean): MentionCandidate[] {
  const session = useSession();
  const members = useQuery({ queryKey: membersKey(tripId), queryFn: () => call(calls.members.list, { tripId }), enabled: isMember });
  const me = session.status === 'authenticated' ? session.user.id : null;
  return members.data?.filter((member) => member.userId !== me) ?? NONE;
}
