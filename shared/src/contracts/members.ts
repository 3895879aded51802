/** Trip members (docs/product.md#members): /_api/trips/members, /_api/trips/members/remove. */
import { z } from 'zod';
import { positiveUserId, tripId, ZTripRole, requestObject } from './common.ts';

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

export type TTripMembersRequest = z.infer<typeof ZTripMembersRequest>;
export type TTripMember = z.infer<typeof ZTripMember>;
export type TRemoveMemberRequest = z.infer<typeof ZRemoveMemberRequest>;
