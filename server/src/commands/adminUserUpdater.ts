/** Administrator changes to a user: role, status (disabling ends every session at once), password reset. */
import type { DataSource } from 'typeorm';
import {
  messages,
  type TAdminResetPasswordRequest,
  type TAdminUpdateRoleRequest,
  type TAdminUpdateStatusRequest,
} from '@caravan/shared';
import { AppError, type User, UserEntity } from '@caravan/engine';
import { announceAccessChange } from '../lib/accessChanges.ts';
import { hashPassword } from '../auth/passwords.ts';
import { findUserByEmail } from '../queries/userLookup.ts';
import { userSessionsEnder } from './sessionsEnder.ts';

async function loadUser(dataSource: DataSource, userId: number): Promise<User> {
  const user = await dataSource.getRepository(UserEntity).findOneBy({ id: userId });
  if (!user) throw new AppError('not_found', messages.admin.userNotFound);
  return user;
}

export async function userRoleUpdater(dataSource: DataSource, { userId, newRole }: TAdminUpdateRoleRequest): Promise<User> {
  const user = await loadUser(dataSource, userId);
  user.role = newRole;
  const saved = await dataSource.getRepository(UserEntity).save(user);
  announceAccessChange({ kind: 'userChanged', userId });
  return saved;
}

export async function userStatusUpdater(
  dataSource: DataSource,
  actor: User,
  { userId, newStatus }: TAdminUpdateStatusRequest,
): Promise<User> {
  if (actor.id === userId) throw new AppError('validation', messages.admin.cannotChangeOwnStatus);
  const user = await loadUser(dataSource, userId);
  const saved = await dataSource.transaction(async (manager) => {
    user.status = newStatus;
    const saved = await manager.getRepository(UserEntity).save(user);
    if (newStatus === 'disabled') await userSessionsEnder(manager, { userId });
    return saved;
  });
  announceAccessChange({ kind: 'userChanged', userId });
  return saved;
}

export async function passwordResetter(
  dataSource: DataSource,
  { email, newPassword }: TAdminResetPasswordRequest,
): Promise<void> {
  const user = await findUserByEmail(dataSource, email);
  if (!user) throw new AppError('not_found', messages.admin.userNotFound);
  const passwordHash = await hashPassword(newPassword);
  await dataSource.transaction(async (manager) => {
    await manager.getRepository(UserEntity).update({ id: user.id }, { passwordHash });
    await userSessionsEnder(manager, { userId: user.id });
  });
  announceAccessChange({ kind: 'userChanged', userId: user.id });
}
