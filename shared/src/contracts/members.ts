/** Trip members (docs/product.md#members): /_api/trips/members, /_api/trips/members/remove, /_api/trips/members/role. */
import { z } from 'zod';
import { positiveUserId, tripId, ZTripRole, requestObject } from './common.ts';
import { ZInvitableRole } from './invitations.ts';

export const ZTripMembersRequest = requestObject({ tripId: tripId() });

export const ZTripMember = z.object({
  userId: z.number(),
  displayName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  role: ZTripRole,
});

/** The owner first, then members in the order they joined. */
export const ZTripMembersResponse = z.array(ZTripMember);

export const ZRemoveMemberRequest = requestObject({ tripId: tripId(), userIdToRemove: positiveUserId });
export const ZRemoveMemberResponse = z.object({ success: z.literal(true) });

/** The owner makes another member an editor or a viewer; the owner's own role never changes (one owner per trip). */
export const ZChangeMemberRoleRequest = requestObject({ tripId: tripId(), userId: positiveUserId, role: ZInvitableRole });
export const ZChangeMemberRoleResponse = ZTripMember;

export type TTripMembersRequest = z.infer<typeof ZTripMembersRequest>;
export type TTripMember = z.infer<typeof ZTripMember>;
export type TRemoveMemberRequest = z.infer<typeof ZRemoveMemberRequest>;
export type TChangeMemberRoleRequest = z.infer<typeof ZChangeMemberRoleRequest>;
