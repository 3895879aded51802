/** Finds a user by e-mail address, matching regardless of case (addresses are unique regardless of case). */
import type { DataSource } from 'typeorm';
import { UserEntity, type User } from '@caravan/engine';

export function findUserByEmail(dataSource: DataSource, email: string): Promise<User | null> {
  return dataSource
    .getRepository(UserEntity)
    .createQueryBuilder('user')
    .where('lower(user.email) = lower(:email)', { email: email.trim() })
    .getOne();
}
