/** Who else is in a trip right now, from awareness states (the collab server sets each state's `user`). */
import type { Awareness } from 'y-protocols/awareness';
import type { PresenceState } from '@caravan/shared';

export interface PresentUser {
  id: number;
  name: string;
  avatarUrl: string | null;
  /** The stop this member is dragging in any of their tabs. */
  dragging: string | null;
}

/** One entry per member (a member may have several tabs open), this tab excluded, sorted by name. */
export function presentUsers(awareness: Awareness): PresentUser[] {
  const byId = new Map<number, PresentUser>();
  awareness.getStates().forEach((state, clientId) => {
    if (clientId === awareness.clientID) return;
    const { user, dragging } = state as PresenceState;
    if (!user || typeof user.id !== 'number') return;
    const seen = byId.get(user.id);
    if (seen) seen.dragging ??= dragging ?? null;
    else byId.set(user.id, { id: user.id, name: user.name, avatarUrl: user.avatarUrl ?? null, dragging: dragging ?? null });
  });
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
