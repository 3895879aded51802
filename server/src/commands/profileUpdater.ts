/** Changes the caller's own display name; caches holding the account drop it at once. */
import type { DataSource } from 'typeorm';
import { UserEntity, type User } from '@caravan/engine';
import { announceAccessChange } from '../lib/accessChanges.ts';

export async function profileUpdater(dataSource: DataSource, user: User, { displayName }: { displayName: string }): Promise<User> {
  await dataSource.getRepository(UserEntity).update({ id: user.id }, { displayName });
  announceAccessChange({ kind: 'userChanged', userId: user.id });
  return { ...user, displayName };
}
