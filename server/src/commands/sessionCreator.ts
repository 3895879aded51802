/** Starts a new session for a user (a fresh token at every sign-in, so a planted cookie is never promoted). */
import type { DataSource } from 'typeorm';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from '@caravan/shared';
import { hashToken, randomToken, SessionEntity } from '@caravan/engine';

export async function sessionCreator(
  dataSource: DataSource,
  params: { userId: number; userAgent?: string; ip?: string },
): Promise<string> {
  const token = randomToken();
  const now = new Date();
  await dataSource.getRepository(SessionEntity).insert({
    tokenHash: hashToken(token),
    userId: params.userId,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS),
    userAgent: params.userAgent?.slice(0, 500) ?? null,
    ip: params.ip ?? null,
  });
  return token;
}
