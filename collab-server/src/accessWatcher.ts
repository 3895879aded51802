/**
 * Applies access changes to open connections (docs/architecture.md#where-each-rule-lives: at once). PostgreSQL
 * triggers notify on membership, account status and session changes; each notification re-reads the
 * affected member's role: a new role applies to the next message, no role closes the socket; the room's member
 * list (checklist assignees) is read again. That takes a few milliseconds after the change committed, so the
 * room's next commit also checks its writers' roles under the trip's lock (./writerRoles.ts), and undoes the
 * writes of one who lost theirs meanwhile.
 */
import type { DataSource } from 'typeorm';
import { COLLAB_CLOSE } from '@caravan/shared';
import { findTripRole, tripMemberNames, type Logger } from '@caravan/engine';
import type { Room } from './room.ts';

export function watchAccess(dataSource: DataSource, rooms: Map<string, Room>, logger: Logger) {
  async function recheck(room: Room, userId: number): Promise<void> {
    const connections = [...room.connections].filter((connection) => connection.user.id === userId);
    if (!connections.length) return;
    const [role, [account]] = await Promise.all([
      findTripRole(dataSource, room.tripId, userId),
      dataSource.query(`SELECT status FROM users WHERE id = $1`, [userId]),
    ]);
    if (!role || account?.status !== 'active') {
      room.closeAll(COLLAB_CLOSE.accessRevoked, 'Access to this trip was removed', (c) => c.user.id === userId);
      return;
    }
    for (const connection of connections) connection.role = role;
  }

  const report = (error: unknown) => logger.warn({ err: error }, 'access recheck failed');
  /** The room's members, whom checklist items may be given to. */
  const reloadMembers = async (room: Room) => {
    room.members = await tripMemberNames(dataSource, room.tripId);
  };

  return {
    handlers: {
      trip_access: (payload: string) => {
        const [tripId, userId] = payload.split(':');
        const room = rooms.get(tripId);
        if (!room) return;
        room.rolesMayHaveChanged();
        void recheck(room, Number(userId)).catch(report);
        void reloadMembers(room).catch(report);
      },
      user_access: (payload: string) => {
        for (const room of rooms.values()) {
          if ([...room.connections].some((connection) => connection.user.id === Number(payload))) room.rolesMayHaveChanged();
          void recheck(room, Number(payload)).catch(report);
        }
      },
      session_ended: (tokenHash: string) => {
        for (const room of rooms.values()) {
          room.closeAll(COLLAB_CLOSE.accessRevoked, 'Signed out', (c) => c.sessionHash === tokenHash);
        }
      },
    },
    /** After a lost listener connection: notifications may have been missed. */
    recheckAll: async () => {
      for (const room of rooms.values()) {
        room.rolesMayHaveChanged();
        await reloadMembers(room).catch(report);
        const users = new Set([...room.connections].map((connection) => connection.user.id));
        for (const userId of users) await recheck(room, userId).catch(report);
      }
    },
  };
}
