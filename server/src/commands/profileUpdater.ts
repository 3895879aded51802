/** Changes the caller's own display name and unit for distances; caches holding the account drop it at once. */
import type { DataSource } from 'typeorm';
import type { TUpdateProfileRequest } from '@caravan/shared';
import { UserEntity, type User } from '@caravan/engine';
import { announceAccessChange } from '../lib/accessChanges.ts';

export async function profileUpdater(dataSource: DataSource, user: User, { displayName, distanceUnit }: TUpdateProfileRequest): Promise<User> {
  // Left out, the unit stays as it is.
  const changes = distanceUnit === undefined ? { displayName } : { displayName, distanceUnit };
  await dataSource.getRepository(UserEntity).update({ id: user.id }, changes);
  announceAccessChange({ kind: 'userChanged', userId: user.id });
  return { ...user, ...changes };
}
