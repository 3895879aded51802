/**
 * Removes one of the caller's passkeys: it signs nobody in from then on. Another account's is not found. While the
 * administrator requires a second factor, the last one goes only when two-factor codes are on.
 */
import type { DataSource } from 'typeorm';
import { messages, type TRemovePasskeyRequest } from '@caravan/shared';
import { AppError, PasskeyEntity, type User, readSignInSettings, secondFactorsOf } from '@caravan/engine';

export async function passkeyRemover(dataSource: DataSource, user: User, { id }: TRemovePasskeyRequest): Promise<void> {
  const passkeys = dataSource.getRepository(PasskeyEntity);
  if (!(await passkeys.existsBy({ id, userId: user.id }))) throw new AppError('not_found', messages.passkeys.notFound);
  if ((await readSignInSettings(dataSource)).requireSecondFactor) {
    const factors = await secondFactorsOf(dataSource, user.id);
    if (!factors.totp && factors.passkeys <= 1) throw new AppError('conflict', messages.twoFactor.lastPasskeyRequired);
  }
  const { affected } = await passkeys.delete({ id, userId: user.id });
  if (!affected) throw new AppError('not_found', messages.passkeys.notFound);
}
