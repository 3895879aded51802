/** 'Trip Members' (docs/product.md#members): each member with a role badge; the owner may remove others. */
import { canRemoveMembers, type TTripRole } from '@caravan/shared';
import { errorMessage } from '../../lib/api.ts';
import { MemberRow } from './MemberRow.tsx';
import { ListStates, queryListState } from './ListStates.tsx';
import { collabPanelMessages } from './messages.ts';
import { useTripMembers } from './useTripMembers.ts';

const text = collabPanelMessages;

export function MembersTab({ tripId, role, userId }: { tripId: string; role: TTripRole; userId: number }) {
  const members = useTripMembers(tripId, userId);
  return (
    <section aria-labelledby="collab-members-title">
      <h3 id="collab-members-title">{text.membersTitle}</h3>
      <ListStates
        state={queryListState(members)}
        skeleton={{ rows: 2, label: text.loadingMembers }}
        errorText={(error) => text.membersError(errorMessage(error))}
        empty={<p className="empty-text">{text.noMembers}</p>}
      >
        {(items) => (
          <ul className="collab-list">
            {items.map((member) => (
              <MemberRow key={member.userId} tripId={tripId} member={member} isSelf={member.userId === userId} canManage={canRemoveMembers(role)} />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}
