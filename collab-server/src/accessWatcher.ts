/**
 * Applies access changes to open connections (docs/architecture.md#where-each-rule-lives: at once). PostgreSQL
 * triggers notify on membership, account status and session changes; each notification re-reads the
 * affected member's role: a new role applies to the next message, no role closes the socket. Each room's
 * member set (whom shared costs may name) follows the same notifications.
 */
import type { DataSource } from 'typeorm';
import { COLLAB_CLOSE } from '@caravan/shared';
import { findTripMemberIds, findTripRole, type Logger } from '@caravan/engine';
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

  /** A membership row of the trip changed: the room's member set first, then the member's open sockets. */
  async function memberChanged(room: Room, userId: number): Promise<void> {
    if (await findTripRole(dataSource, room.tripId, userId)) room.members.add(userId);
    else room.members.delete(userId);
    await recheck(room, userId);
  }

  async function reloadMembers(room: Room): Promise<void> {
    room.members = await findTripMemberIds(dataSource, room.tripId);
  }

  const report = (error: unknown) => logger.warn({ err: error }, 'access recheck failed');

  return {
    reloadMembers: (room: Room) => reloadMembers(room).catch(report),
    handlers: {
      trip_access: (payload: string) => {
        const [tripId, userId] = payload.split(':');
        const room = rooms.get(tripId);
        if (room) void memberChanged(room, Number(userId)).catch(report);
      },
      user_access: (payload: string) => {
        for (const room of rooms.values()) void recheck(room, Number(payload)).catch(report);
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
        await reloadMembers(room).catch(report);
        const users = new Set([...room.connections].map((connection) => connection.user.id));
        for (const userId of users) await recheck(room, userId).catch(report);
      }
    },
  };
}
