/**
 * WebAuthn challenges kept server-side (in PostgreSQL, so any API process can finish what another started): each is
 * random, expires after PASSKEY_CHALLENGE_TTL_MS and is used once, whatever the outcome. A registration's challenge
 * belongs to the account that asked for it; a sign-in's to nobody (the passkey names its account).
 */
import type { DataSource } from 'typeorm';
import { messages, PASSKEY_CHALLENGE_TTL_MS, PASSKEY_SIGN_IN_CHALLENGES_PER_ADDRESS } from '@caravan/shared';
import { AppError } from '@caravan/engine';

export type ChallengePurpose = 'register' | 'sign_in';

export async function keepChallenge(
  dataSource: DataSource,
  { challenge, purpose, userId, address = null }: { challenge: string; purpose: ChallengePurpose; userId: number | null; address?: string | null },
  now = Date.now(),
): Promise<void> {
  await dataSource.query(`DELETE FROM passkey_challenges WHERE expires_at <= $1`, [new Date(now)]);
  await dataSource.transaction(async (manager) => {
    if (address !== null) {
      // Serialised per address, so parallel requests cannot all pass the same count.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('passkey_challenges:' || $1, 0))`, [address]);
      const [{ held }]: { held: number }[] = await manager.query(
        `SELECT count(*)::int AS held FROM passkey_challenges WHERE address = $1 AND expires_at > $2`,
        [address, new Date(now)],
      );
      if (held >= PASSKEY_SIGN_IN_CHALLENGES_PER_ADDRESS) {
        throw new AppError('rate_limited', messages.passkeys.tooManyChallenges, Math.ceil(PASSKEY_CHALLENGE_TTL_MS / 1000));
      }
    }
    await manager.query(`INSERT INTO passkey_challenges (challenge, purpose, user_id, address, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
      challenge,
      purpose,
      userId,
      address,
      new Date(now + PASSKEY_CHALLENGE_TTL_MS),
    ]);
  });
}

/** Takes the challenge a passkey answered out of the store; throws unless it was issued for this purpose and account and is still fresh. */
export async function useChallenge(
  dataSource: DataSource,
  { clientDataJSON, purpose, userId }: { clientDataJSON: string; purpose: ChallengePurpose; userId: number | null },
  now = Date.now(),
): Promise<string> {
  const challenge = challengeIn(clientDataJSON);
  const [, deleted]: [unknown, number] = await dataSource.query(
    `DELETE FROM passkey_challenges
      WHERE challenge = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $3 AND expires_at > $4`,
    [challenge, purpose, userId, new Date(now)],
  );
  if (deleted !== 1) throw new AppError(userId === null ? 'unauthenticated' : 'validation', messages.passkeys.challengeExpired);
  return challenge;
}

/** The challenge inside the client data the browser signed (base64url JSON); the library checks the rest of it. */
function challengeIn(clientDataJSON: string): string {
  try {
    const { challenge } = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200) return challenge;
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError('validation', messages.passkeys.invalidResponse);
}
