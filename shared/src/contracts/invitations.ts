/**
 * Invitations (docs/product.md#members, docs/product.md#invitation): invite, the pending list, the invitation
 * page's details and accepting. Tokens are 256-bit random strings; an invitation lasts INVITATION_TTL_MS.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { requiredString, tripId, requestObject } from './common.ts';

const v = messages.validation;
const c = messages.collaboration.validation;

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Display state 'Expires Soon' below this much time left. */
export const INVITATION_EXPIRES_SOON_MS = 24 * 60 * 60 * 1000;
export const EMAIL_MAX_LENGTH = 254;

export const ZInvitableRole = z.enum(['editor', 'viewer'], { error: c.invalidInviteRole });

/** Compared and stored in lower case: e-mail addresses are matched case-insensitively. */
export const ZInviteeEmail = z.string({ error: v.invalidEmail }).trim().toLowerCase().max(EMAIL_MAX_LENGTH, v.invalidEmail).email(v.invalidEmail);

export const ZInviteMemberRequest = requestObject({
  tripId: tripId(),
  email: ZInviteeEmail,
  role: ZInvitableRole.default('viewer'),
});

/** A pending invitation as the owner's Pending tab shows it; expired ones are listed too (the 'Expired' state). */
export const ZInvitation = z.object({
  id: z.string(),
  invitedEmail: z.string(),
  role: ZInvitableRole,
  expiresAt: z.string(),
  invitationToken: z.string(),
  invitedBy: z.object({ displayName: z.string() }),
  createdAt: z.string(),
});

/** `renewed`: the e-mail already had a pending invitation, which now has the new role and a fresh expiry. */
export const ZInviteMemberResponse = ZInvitation.extend({ renewed: z.boolean() });

/** GET /_api/trips/invitations?tripId= */
export const ZInvitationListRequest = requestObject({ tripId: tripId() });
export const ZInvitationListResponse = z.array(ZInvitation);

const invitationToken = requiredString(c.invitationTokenRequired);

export const ZInvitationDetailsRequest = requestObject({ invitationToken });
export const ZInvitationDetailsResponse = z.object({
  tripTitle: z.string(),
  inviter: z.object({ displayName: z.string() }),
  role: ZInvitableRole,
  expiresAt: z.string(),
});

export const ZAcceptInvitationRequest = requestObject({ invitationToken });
/** `role` is the caller's role on the trip afterwards (an existing member keeps theirs). */
export const ZAcceptInvitationResponse = z.object({ tripId: z.string(), role: z.enum(['owner', 'editor', 'viewer']) });

export type TInvitableRole = z.infer<typeof ZInvitableRole>;
export type TInviteMemberRequest = z.infer<typeof ZInviteMemberRequest>;
export type TInvitation = z.infer<typeof ZInvitation>;
export type TInviteMemberResponse = z.infer<typeof ZInviteMemberResponse>;
export type TInvitationDetails = z.infer<typeof ZInvitationDetailsResponse>;
export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;
export type TAcceptInvitationResponse = z.infer<typeof ZAcceptInvitationResponse>;
