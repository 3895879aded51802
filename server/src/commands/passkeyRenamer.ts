/** Renames one of the caller's passkeys; another account's is not found. */
import type { DataSource } from 'typeorm';
import { messages, type TRenamePasskeyRequest } from '@caravan/shared';
import { AppError, PasskeyEntity, type Passkey, type User } from '@caravan/engine';

export async function passkeyRenamer(dataSource: DataSource, user: User, { id, name }: TRenamePasskeyRequest): Promise<Passkey> {
  const repository = dataSource.getRepository(PasskeyEntity);
  const passkey = await repository.findOneBy({ id, userId: user.id });
  if (!passkey) throw new AppError('not_found', messages.passkeys.notFound);
  await repository.update({ id, userId: user.id }, { name });
  return { ...passkey, name };
}
