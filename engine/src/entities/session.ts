import { EntitySchema } from 'typeorm';

/** A signed-in browser. Only the SHA-256 of the cookie token is stored. */
export interface Session {
  tokenHash: string;
  userId: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

export const SessionEntity = new EntitySchema<Session>({
  name: 'Session',
  tableName: 'sessions',
  columns: {
    tokenHash: { type: 'text', name: 'token_hash', primary: true },
    userId: { type: 'int', name: 'user_id' },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
    lastSeenAt: { type: 'timestamptz', name: 'last_seen_at' },
    expiresAt: { type: 'timestamptz', name: 'expires_at' },
    userAgent: { type: 'text', name: 'user_agent', nullable: true },
    ip: { type: 'text', nullable: true },
  },
});
