/** Who made a change to a trip document (Hocuspocus-style discriminated origins). */
export type ChangeOrigin =
  | { source: 'connection'; connectionId: string; userId: number | null }
  | { source: 'server'; userId: number | null }
  | { source: 'peer' };

export const PEER_ORIGIN: ChangeOrigin = { source: 'peer' };

export const serverOrigin = (userId: number | null): ChangeOrigin => ({ source: 'server', userId });

export const originUserId = (origin: ChangeOrigin): number | null => (origin.source === 'peer' ? null : origin.userId);
