/** Removes one of the caller's passkeys: it signs nobody in from then on. Another account's is not found. */
import type { DataSource } from 'typeorm';
import { messages, type TRemovePasskeyRequest } from '@caravan/shared';
import { AppError, PasskeyEntity, type User } from '@caravan/engine';

export async function passkeyRemover(dataSource: DataSource, user: User, { id }: TRemovePasskeyRequest): Promise<void> {
  const { affected } = await dataSource.getRepository(PasskeyEntity).delete({ id, userId: user.id });
  if (!affected) throw new AppError('not_found', messages.passkeys.notFound);
}
