/** Allow-lists for user shapes: the session user, and the admin view. */
import type { TAdminUser, TAuthUser } from '@caravan/shared';
import type { User } from '@caravan/engine';

export function presentAuthUser(user: User): TAuthUser {
  return { id: user.id, role: user.role, displayName: user.displayName, email: user.email, avatarUrl: user.avatarUrl, distanceUnit: user.distanceUnit ?? null };
}

export function presentAdminUser(user: User, tripCount: number): TAdminUser {
  return {
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    role: user.role,
    status: user.status,
    tripCount,
    createdAt: user.createdAt ?? null,
  };
}
