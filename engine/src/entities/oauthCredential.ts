import { EntitySchema } from 'typeorm';

/** The single-use credential an OAuth popup hands its opener; exchanged once for a session. */
export interface OAuthCredential {
  tokenHash: string;
  userId: number;
  expiresAt: Date;
  createdAt: Date;
}

export const OAuthCredentialEntity = new EntitySchema<OAuthCredential>({
  name: 'OAuthCredential',
  tableName: 'oauth_credentials',
  columns: {
    tokenHash: { type: 'text', name: 'token_hash', primary: true },
    userId: { type: 'int', name: 'user_id' },
    expiresAt: { type: 'timestamptz', name: 'expires_at' },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
  },
});
