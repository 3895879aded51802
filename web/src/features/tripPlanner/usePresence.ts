/** Who else has the trip open, from awareness; re-read only when someone joins, leaves or changes state. */
import { useEffect, useState } from 'react';
import { presentUsers, type PresentUser } from '../../lib/collab/tripConnection.ts';
import type { TripConnection } from '../../lib/collab/tripConnection.ts';

const NOBODY: PresentUser[] = [];

const sameUsers = (a: PresentUser[], b: PresentUser[]) =>
  a.length === b.length &&
  a.every((user, i) => user.id === b[i].id && user.name === b[i].name && user.avatarUrl === b[i].avatarUrl && user.dragging === b[i].dragging);

export function usePresence(connection: TripConnection | null): PresentUser[] {
  const [users, setUsers] = useState<PresentUser[]>(NOBODY);
  useEffect(() => {
    if (!connection) return;
    const { awareness } = connection;
    // 'change' also fires for this tab's own state (picking a stop up): keep the same array when nobody
    // else changed, so the page does not re-render the stop list at the start of every drag.
    const read = () => {
      const next = presentUsers(awareness);
      setUsers((previous) => (sameUsers(previous, next) ? previous : next));
    };
    read();
    awareness.on('change', read);
    return () => {
      awareness.off('change', read);
      setUsers(NOBODY);
    };
  }, [connection]);
  return users;
}
