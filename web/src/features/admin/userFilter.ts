/** The Users tab's search (name or e-mail) and status filter. */
import type { TAdminUser } from '@caravan/shared';

export type UserFilter = 'all' | 'active' | 'disabled';

export function filterUsers(users: TAdminUser[], search: string, filter: UserFilter): TAdminUser[] {
  const needle = search.trim().toLowerCase();
  return users.filter(
    (user) =>
      (filter === 'all' || user.status === filter) &&
      (!needle || user.displayName.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle)),
  );
}
