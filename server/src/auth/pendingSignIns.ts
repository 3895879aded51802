/**
 * Sign-ins waiting for their second factor, kept in PostgreSQL (any API process finishes what another started):
 * the first factor passed, no session exists yet. Each is a random token the browser holds (only its hash is
 * kept), expires after PENDING_SIGN_IN_TTL_MS, takes PENDING_SIGN_IN_MAX_ATTEMPTS wrong codes, and finishes once.
 */
import type { DataSource } from 'typeorm';
import { PENDING_SIGN_IN_MAX_ATTEMPTS, PENDING_SIGN_IN_TTL_MS } from '@caravan/shared';
import { hashToken, randomToken } from '@caravan/engine';
import type { PendingLink } from './pendingLinkCookie.ts';

export interface PendingSignIn {
  userId: number;
  /** The single sign-on identity the password consented to link, made when the sign-in finishes. */
  link: PendingLink | null;
}

export async function startPendingSignIn(dataSource: DataSource, { userId, link }: PendingSignIn): Promise<string> {
  const token = randomToken();
  // Sign-ins nobody finished would otherwise pile up.
  await dataSource.query(`DELETE FROM pending_sign_ins WHERE expires_at <= now()`);
  await dataSource.query(
    `INSERT INTO pending_sign_ins (token_hash, user_id, link, expires_at) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`,
    [hashToken(token), userId, link === null ? null : JSON.stringify(link), PENDING_SIGN_IN_TTL_MS],
  );
  return token;
}

/** The sign-in `token` stands for while it is fresh and unfinished; null otherwise. */
export async function findPendingSignIn(dataSource: DataSource, token: string): Promise<PendingSignIn | null> {
  const [row]: { user_id: number; link: PendingLink | null }[] = await dataSource.query(
    `SELECT user_id, link FROM pending_sign_ins WHERE token_hash = $1 AND expires_at > now()`,
    [hashToken(token)],
  );
  return row ? { userId: row.user_id, link: row.link } : null;
}

/** Counts a wrong code; the last one allowed ends the sign-in. */
export async function failPendingSignIn(dataSource: DataSource, token: string): Promise<void> {
  const [rows]: [{ attempts: number }[], number] = await dataSource.query(
    `UPDATE pending_sign_ins SET attempts = attempts + 1 WHERE token_hash = $1 RETURNING attempts`,
    [hashToken(token)],
  );
  if (rows[0] && rows[0].attempts >= PENDING_SIGN_IN_MAX_ATTEMPTS) {
    await dataSource.query(`DELETE FROM pending_sign_ins WHERE token_hash = $1`, [hashToken(token)]);
  }
}

/** Takes the sign-in out of the store: true only for the one caller that finished it, while it was fresh. */
export async function finishPendingSignIn(dataSource: DataSource, token: string): Promise<boolean> {
  const [, deleted]: [unknown, number] = await dataSource.query(`DELETE FROM pending_sign_ins WHERE token_hash = $1 AND expires_at > now()`, [
    hashToken(token),
  ]);
  return deleted === 1;
}
