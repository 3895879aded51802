/** Builds test data through the same commands the product uses. */
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { TAccountRole, TAccountStatus, TTripRole } from '@caravan/shared';
import { tripCreator } from '../commands/tripCreator.ts';
import { userRegisterer } from '../commands/userRegisterer.ts';
import { hashPassword } from '../auth/passwords.ts';
import { type Trip, TripMemberEntity, type User, UserEntity } from '@caravan/engine';

export const DEFAULT_PASSWORD = 'Password123';

/**
 * One real argon2id hash per password, shared by the process's test users: a hash takes 30 ms, and the
 * tests make some 2,500 users. Logins still verify it for real.
 */
const hashes = new Map<string, Promise<string>>();
function reusedHash(password: string): Promise<string> {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
}

export async function buildUser(
  dataSource: DataSource,
  params: { email?: string; password?: string; displayName?: string; role?: TAccountRole; status?: TAccountStatus } = {},
): Promise<User> {
  const suffix = randomBytes(4).toString('hex');
  const account = {
    email: params.email ?? `user-${suffix}@example.com`,
    password: params.password ?? DEFAULT_PASSWORD,
    displayName: params.displayName ?? `Traveller ${suffix}`,
    role: params.role,
  };
  const user = await userRegisterer(dataSource, account, reusedHash);
  if (params.status && params.status !== 'active') {
    await dataSource.getRepository(UserEntity).update({ id: user.id }, { status: params.status });
    user.status = params.status;
  }
  return user;
}

export function buildTrip(
  dataSource: DataSource,
  owner: User,
  params: { title?: string; description?: string } = {},
): Promise<Trip> {
  return tripCreator(dataSource, owner.id, {
    title: params.title ?? 'Pacific Coast Highway',
    description: params.description ?? 'Down the coast',
    startLocationName: 'San Francisco',
    startLocationAddress: 'San Francisco, CA, United States',
    startLocationLatitude: 37.7749,
    startLocationLongitude: -122.4194,
  });
}

export async function addMember(dataSource: DataSource, trip: Trip, user: User, role: TTripRole): Promise<void> {
  await dataSource.getRepository(TripMemberEntity).insert({ tripId: trip.id, userId: user.id, role });
}
