/**
 * Resolves a session token to its live session and active user, for the REST middleware and the collab
 * server's websocket admission alike. A session is valid while it is younger than the absolute limit, was
 * used within the idle limit, and its user is active.
 *
 * Every call asks it, so it costs one prepared statement (session and user joined), or nothing when the
 * session was looked up in the last few seconds (SessionCache, dropped on logout and disable).
 */
import type { DataSource } from 'typeorm';
import { SESSION_IDLE_TIMEOUT_MS } from '@caravan/shared';
import type { Session } from '../entities/session.ts';
import type { User } from '../entities/user.ts';
import { queryPrepared } from '../db/dataSource.ts';
import type { SessionCache, SessionUser } from './sessionCache.ts';
import { hashToken } from '../lib/tokens.ts';

/** Writing last_seen_at on every call would cost a write per request; a minute's precision is plenty. */
const TOUCH_INTERVAL_MS = 60_000;

const SESSION_USER = {
  name: 'caravan_session_user',
  text: `SELECT s.token_hash, s.user_id, s.created_at AS session_created_at, s.last_seen_at, s.expires_at, s.user_agent, s.ip,
                u.email, u.display_name, u.password_hash, u.avatar_url, u.distance_unit, u.role, u.status, u.created_at, u.updated_at
           FROM sessions s
           JOIN users u ON u.id = s.user_id
          WHERE s.token_hash = $1 AND u.status = 'active'`,
};

const TOUCH = { name: 'caravan_session_touch', text: `UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1` };

interface SessionUserRow {
  token_hash: string;
  user_id: number;
  session_created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  user_agent: string | null;
  ip: string | null;
  email: string;
  display_name: string;
  password_hash: string | null;
  avatar_url: string | null;
  distance_unit: User['distanceUnit'];
  role: User['role'];
  status: User['status'];
  created_at: Date;
  updated_at: Date;
}

async function readSessionUser(dataSource: DataSource, tokenHash: string): Promise<SessionUser | null> {
  const rows = await queryPrepared<SessionUserRow>(dataSource, SESSION_USER, [tokenHash]);
  const row = rows[0];
  if (!row) return null;
  const session: Session = {
    tokenHash: row.token_hash,
    userId: row.user_id,
    createdAt: row.session_created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    userAgent: row.user_agent,
    ip: row.ip,
  };
  const user: User = {
    id: row.user_id,
    email: row.email,
    displayName: row.display_name,
    passwordHash: row.password_hash,
    avatarUrl: row.avatar_url,
    distanceUnit: row.distance_unit,
    role: row.role,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  return { session, user };
}

const isLive = (session: Session, now: number) =>
  session.expiresAt.getTime() > now && session.lastSeenAt.getTime() + SESSION_IDLE_TIMEOUT_MS > now;

async function touch(dataSource: DataSource, session: Session, now: number): Promise<void> {
  if (now - session.lastSeenAt.getTime() <= TOUCH_INTERVAL_MS) return;
  await queryPrepared(dataSource, TOUCH, [session.tokenHash, new Date(now)]);
  session.lastSeenAt = new Date(now);
}

export async function findSessionUser(
  dataSource: DataSource,
  token: string,
  cache?: SessionCache,
): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const now = Date.now();
  let found = cache?.get(tokenHash, now);
  if (!found) {
    const mark = cache?.mark() ?? 0;
    const read = await readSessionUser(dataSource, tokenHash);
    if (!read || !isLive(read.session, now)) return null;
    cache?.remember(tokenHash, read, mark, now);
    found = read;
  } else if (!isLive(found.session, now)) {
    return null;
  }
  await touch(dataSource, found.session, now);
  return found;
}
