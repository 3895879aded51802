/**
 * One member: avatar, name, e-mail, role badge. The owner sees, for everyone but themselves, a role
 * selector (editor or viewer, saved on change) and Remove behind a confirmation.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInvitableRole, TTripMember } from '@caravan/shared';
import { Avatar } from '../../components/Avatar.tsx';
import { ConfirmedDangerButton } from '../../components/ConfirmedDangerButton.tsx';
import { errorMessage } from '../../lib/api.ts';
import { tripMessages } from '../../lib/messages/tripMessages.ts';
import { useToast } from '../../lib/toastStore.ts';
import { collabKeys, collaborationApi } from './collaborationApi.ts';
import { collabPanelMessages } from './messages.ts';

const text = collabPanelMessages;

interface Props {
  tripId: string;
  member: TTripMember;
  isSelf: boolean;
  canManage: boolean;
}

export function MemberRow({ tripId, member, isSelf, canManage }: Props) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: () => collaborationApi.removeMember(tripId, member.userId),
    onSuccess: async () => {
      toast.success(text.memberRemoved(member.displayName));
      await queryClient.invalidateQueries({ queryKey: collabKeys.members(tripId) });
    },
    onError: (error) => toast.error(text.removeFailed(errorMessage(error, tripMessages.unknownError))),
  });

  const changeRole = useMutation({
    mutationFn: (role: TInvitableRole) => collaborationApi.changeRole(tripId, member.userId, role),
    onSuccess: async (changed) => {
      if (changed.role !== 'owner') toast.success(text.roleChanged(changed.displayName, changed.role));
      await queryClient.invalidateQueries({ queryKey: collabKeys.members(tripId) });
    },
    onError: (error) => toast.error(text.roleChangeFailed(errorMessage(error, tripMessages.unknownError))),
  });

  return (
    <li className="collab-item member-row">
      <Avatar name={member.displayName} url={member.avatarUrl} />
      <div className="collab-item-text">
        <span className="collab-item-title">
          {member.displayName} {isSelf && <span className="muted">{text.you}</span>}
        </span>
        <span className="muted small">{member.email}</span>
      </div>
      <span className={`badge role-badge role-${member.role}`}>{tripMessages.roles[member.role]}</span>
      {canManage && !isSelf && member.role !== 'owner' && (
        <div className="member-actions">
          <select
            aria-label={text.roleFor(member.displayName)}
            value={changeRole.isPending ? changeRole.variables : member.role}
            disabled={changeRole.isPending}
            onChange={(event) => changeRole.mutate(event.target.value as TInvitableRole)}
          >
            <option value="editor">{tripMessages.roles.editor}</option>
            <option value="viewer">{tripMessages.roles.viewer}</option>
          </select>
          <ConfirmedDangerButton
            label={text.remove}
            ariaLabel={text.removeLabel(member.displayName)}
            small
            disabled={remove.isPending}
            title={text.removeTitle}
            description={text.removeConfirm}
            cancelLabel={text.cancel}
            onConfirm={() => remove.mutate()}
          />
        </div>
      )}
    </li>
  );
}
