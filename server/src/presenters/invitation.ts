/** Allow-lists for invitations: the owner's pending list, and what the invited person's page may show. */
import { messages, type TInvitableRole, type TInvitation, type TInvitationDetails } from '@caravan/shared';

export interface InvitationFields {
  id: string;
  invitedEmail: string;
  role: TInvitableRole;
  token: string;
  expiresAt: Date;
  createdAt: Date;
  /** null once the inviter's account is gone. */
  inviterName: string | null;
}

const inviter = (name: string | null) => ({ displayName: name ?? messages.collaboration.formerMember });

export function presentInvitation(invitation: InvitationFields): TInvitation {
  return {
    id: invitation.id,
    invitedEmail: invitation.invitedEmail,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
    invitationToken: invitation.token,
    invitedBy: inviter(invitation.inviterName),
    createdAt: invitation.createdAt.toISOString(),
  };
}

export function presentInvitationDetails(
  invitation: Pick<InvitationFields, 'role' | 'expiresAt' | 'inviterName'> & { tripTitle: string },
): TInvitationDetails {
  return {
    tripTitle: invitation.tripTitle,
    inviter: inviter(invitation.inviterName),
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}
