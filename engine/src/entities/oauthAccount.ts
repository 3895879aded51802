import { EntitySchema } from 'typeorm';

/** A user's link to an external identity provider account. */
export interface OAuthAccount {
  id: number;
  userId: number;
  provider: string;
  providerUserId: string;
  email: string | null;
  createdAt: Date;
}

export const OAuthAccountEntity = new EntitySchema<OAuthAccount>({
  name: 'OAuthAccount',
  tableName: 'oauth_accounts',
  columns: {
    id: { type: 'int', primary: true, generated: 'increment' },
    userId: { type: 'int', name: 'user_id' },
    provider: { type: 'text' },
    providerUserId: { type: 'text', name: 'provider_user_id' },
    email: { type: 'text', nullable: true },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
  },
});
