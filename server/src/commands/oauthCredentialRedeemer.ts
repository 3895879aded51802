/** Exchanges the popup's single-use credential for its user; it works once, within its 5 minutes. */
import type { DataSource } from 'typeorm';
import { messages, type TEstablishSessionRequest } from '@caravan/shared';
import { AppError, hashToken, type User, UserEntity } from '@caravan/engine';

export async function oauthCredentialRedeemer(dataSource: DataSource, { tempToken }: TEstablishSessionRequest): Promise<User> {
  // TypeORM answers a DELETE … RETURNING with [rows, affectedCount].
  const [rows] = (await dataSource.query(
    'DELETE FROM oauth_credentials WHERE token_hash = $1 AND expires_at > now() RETURNING user_id',
    [hashToken(tempToken)],
  )) as [Array<{ user_id: number }>, number];
  const userId = rows[0]?.user_id;
  const user = userId ? await dataSource.getRepository(UserEntity).findOneBy({ id: userId }) : null;
  if (!user) throw new AppError('validation', messages.auth.tempTokenInvalid);
  if (user.status !== 'active') throw new AppError('forbidden', messages.auth.accountDisabled);
  return user;
}

