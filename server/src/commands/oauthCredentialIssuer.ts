/** Issues the single-use credential the OAuth popup hands its opener (redeemed by oauthCredentialRedeemer). */
import type { DataSource } from 'typeorm';
import { OAUTH_CREDENTIAL_TTL_MS } from '@caravan/shared';
import { hashToken, randomToken } from '@caravan/engine';

/** A sign-in step: no actor, the signing-in user is the params' `userId` (as in sessionCreator). */
export async function oauthCredentialIssuer(dataSource: DataSource, { userId }: { userId: number }): Promise<string> {
  const token = randomToken();
  // Expiry uses the database clock, the same one the redeemer compares against.
  await dataSource.query(
    `INSERT INTO oauth_credentials (token_hash, user_id, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')`,
    [hashToken(token), userId, OAUTH_CREDENTIAL_TTL_MS],
  );
  // Credentials nobody redeemed would otherwise pile up.
  await dataSource.query('DELETE FROM oauth_credentials WHERE expires_at < now()');
  return token;
}
