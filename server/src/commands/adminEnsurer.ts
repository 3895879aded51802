/** Makes sure an administrator account exists: creates it, or promotes the existing account with that e-mail. */
import type { DataSource } from 'typeorm';
import { UserEntity } from '@caravan/engine';
import { findUserByEmail } from '../queries/userLookup.ts';
import { userRegisterer } from './userRegisterer.ts';

/** Returns true when the account was created now. An existing account keeps its password. */
export async function adminEnsurer(
  dataSource: DataSource,
  params: { email: string; password: string; displayName: string },
): Promise<boolean> {
  const existing = await findUserByEmail(dataSource, params.email);
  if (existing) {
    if (existing.role !== 'admin') await dataSource.getRepository(UserEntity).update({ id: existing.id }, { role: 'admin' });
    return false;
  }
  await userRegisterer(dataSource, { ...params, role: 'admin' });
  return true;
}
