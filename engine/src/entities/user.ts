import { EntitySchema } from 'typeorm';
import type { TAccountRole, TAccountStatus, TAuthUser } from '@caravan/shared';

export interface User {
  id: number;
  email: string;
  displayName: string;
  passwordHash: string | null;
  avatarUrl: string | null;
  /** Miles or kilometres for every distance shown to this person; null follows the browser's locale. */
  distanceUnit: TAuthUser['distanceUnit'];
  role: TAccountRole;
  status: TAccountStatus;
  createdAt: Date;
  updatedAt: Date;
}

export const UserEntity = new EntitySchema<User>({
  name: 'User',
  tableName: 'users',
  columns: {
    id: { type: 'int', primary: true, generated: 'increment' },
    email: { type: 'text' },
    displayName: { type: 'text', name: 'display_name' },
    passwordHash: { type: 'text', name: 'password_hash', nullable: true },
    avatarUrl: { type: 'text', name: 'avatar_url', nullable: true },
    // Not inserted: a new account has none (the browser's locale decides), and older schemas (the migration tests) lack it.
    distanceUnit: { type: 'text', name: 'distance_unit', nullable: true, insert: false },
    role: { type: 'text', default: 'user' },
    status: { type: 'text', default: 'active' },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
    updatedAt: { type: 'timestamptz', name: 'updated_at', updateDate: true },
  },
});
