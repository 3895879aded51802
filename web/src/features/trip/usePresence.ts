/** Who else has the trip open, from awareness; re-read only when someone joins, leaves or changes state. */
import { useEffect, useState } from 'react';
import { presentUsers, type PresentUser } from '../../lib/collab/tripConnection.ts';
import type { TripConnection } from '../../lib/collab/tripConnection.ts';

const NOBODY: PresentUser[] = [];

export function usePresence(connection: TripConnection | null): PresentUser[] {
  const [users, setUsers] = useState<PresentUser[]>(NOBODY);
  useEffect(() => {
    if (!connection) return;
    const { awareness } = connection;
    // Awareness re-announces every 15 s; 'change' (not 'update') fires only when a state really changed.
    const read = () => setUsers(presentUsers(awareness));
    read();
    awareness.on('change', read);
    return () => {
      awareness.off('change', read);
      setUsers(NOBODY);
    };
  }, [connection]);
  return users;
}
