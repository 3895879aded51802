/** 'Trip Members' (docs/product.md#members): each member with a role badge; the owner may remove others. */
import { useQuery } from '@tanstack/react-query';
import { canRemoveMembers, type TTripRole } from '@caravan/shared';
import { SkeletonRows } from '../../components/SkeletonRows.tsx';
import { errorMessage } from '../../lib/api.ts';
import { collabKeys, collaborationApi } from './collaborationApi.ts';
import { MemberRow } from './MemberRow.tsx';
import { collabPanelMessages } from './messages.ts';

const text = collabPanelMessages;

export function MembersTab({ tripId, role, userId }: { tripId: string; role: TTripRole; userId: number }) {
  const members = useQuery({ queryKey: collabKeys.members(tripId), queryFn: () => collaborationApi.members(tripId) });
  return (
    <section aria-labelledby="collab-members-title">
      <h3 id="collab-members-title">{text.membersTitle}</h3>
      {members.isPending && <SkeletonRows count={2} label={text.loadingMembers} />}
      {members.isError && (
        <p role="alert" className="error-text">
          {text.membersError(errorMessage(members.error))}
        </p>
      )}
      {members.data?.length === 0 && <p className="empty-text">{text.noMembers}</p>}
      {members.data && members.data.length > 0 && (
        <ul className="collab-list">
          {members.data.map((member) => (
            <MemberRow key={member.userId} tripId={tripId} member={member} isSelf={member.userId === userId} canManage={canRemoveMembers(role)} />
          ))}
        </ul>
      )}
    </section>
  );
}
