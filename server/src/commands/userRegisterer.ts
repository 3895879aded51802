/** Creates a password account; e-mail addresses are unique regardless of case. */
import type { DataSource } from 'typeorm';
import { messages, type TRegisterRequest, type TAccountRole } from '@caravan/shared';
import { AppError, type User, UserEntity } from '@caravan/engine';
import { isUniqueViolation } from '../lib/dbErrors.ts';
import { hashPassword } from '../auth/passwords.ts';

/** `hash` is argon2id's; the test factories hand in one that reuses a real hash per password. */
export async function userRegisterer(
  dataSource: DataSource,
  params: TRegisterRequest & { role?: TAccountRole },
  hash: (password: string) => Promise<string> = hashPassword,
): Promise<User> {
  const repository = dataSource.getRepository(UserEntity);
  const passwordHash = await hash(params.password);
  try {
    return await repository.save(
      repository.create({
        email: params.email.trim(),
        displayName: params.displayName,
        passwordHash,
        role: params.role ?? 'user',
        status: 'active',
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', messages.auth.emailInUse);
    throw error;
  }
}
