/** Allow-list for a trip member (docs/product.md#members): members see each other's e-mail, nothing else of the account. */
import type { TTripMember, TTripRole } from '@caravan/shared';

export interface MemberFields {
  userId: number;
  displayName: string;
  email: string;
  avatarUrl: string | null;
  role: TTripRole;
}

export function presentMember(member: MemberFields): TTripMember {
  return {
    userId: member.userId,
    displayName: member.displayName,
    email: member.email,
    avatarUrl: member.avatarUrl,
    role: member.role,
  };
}
