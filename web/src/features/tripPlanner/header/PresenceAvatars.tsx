/** Initials of the other members who have this trip open right now. */
import { memo } from 'react';
import type { PresentUser } from '../../../lib/collab/tripConnection.ts';
import { initials } from '../../../lib/initials.ts';
import { tripPageMessages } from '../messages.ts';

export const PresenceAvatars = memo(function PresenceAvatars({ users }: { users: PresentUser[] }) {
  if (users.length === 0) return null;
  const names = users.map((user) => user.name).join(', ');
  return (
    <ul className="presence" aria-label={tripPageMessages.alsoHere(names)}>
      {users.map((user) => (
        <li key={user.id} className="avatar" title={user.name}>
          <span aria-hidden="true">{initials(user.name)}</span>
          <span className="visually-hidden">{user.name}</span>
        </li>
      ))}
    </ul>
  );
});
