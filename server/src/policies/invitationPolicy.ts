/**
 * When an invitation may be used, and by whom: a known token, not accepted yet, not expired, and only by
 * the account the invitation was sent to (e-mail compared case-insensitively). The messages carry the
 * words the invitation page checks for ('not found', 'expired', 'already been accepted').
 */
import { messages } from '@caravan/shared';
import { AppError, type User } from '@caravan/engine';

const text = messages.collaboration.invitations;

interface InvitationState {
  invitedEmail: string;
  expiresAt: Date;
  acceptedAt: Date | null;
}

export function assertInvitationUsable<T extends InvitationState>(
  invitation: T | null,
  now: Date = new Date(),
): asserts invitation is T {
  if (!invitation) throw new AppError('not_found', text.notFound);
  if (invitation.acceptedAt) throw new AppError('conflict', text.alreadyAccepted);
  if (invitation.expiresAt.getTime() <= now.getTime()) throw new AppError('conflict', text.expired);
}

export function assertInvitee(invitation: InvitationState, user: User): void {
  if (invitation.invitedEmail.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError('forbidden', text.wrongAccount(maskEmail(invitation.invitedEmail)));
  }
}

/** j•••@example.com: enough to recognise one's own address, not enough to harvest someone else's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}
