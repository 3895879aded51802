import { EntitySchema } from 'typeorm';

/** A WebAuthn credential registered to an account: what verifies its sign-ins, and how its owner knows it. */
export interface Passkey {
  id: number;
  userId: number;
  /** The credential id, base64url, as the authenticator reports it. */
  credentialId: string;
  /** COSE-encoded public key. */
  publicKey: Buffer;
  /** The authenticator's signature counter at the last sign-in (0 for authenticators that keep none). */
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export const PasskeyEntity = new EntitySchema<Passkey>({
  name: 'Passkey',
  tableName: 'passkeys',
  columns: {
    id: { type: 'int', primary: true, generated: 'increment' },
    userId: { type: 'int', name: 'user_id' },
    credentialId: { type: 'text', name: 'credential_id', unique: true },
    publicKey: { type: 'bytea', name: 'public_key' },
    // bigint comes back from pg as a string; counters fit a double exactly.
    counter: { type: 'bigint', transformer: { to: (value: number) => value, from: (value: string) => Number(value) } },
    transports: { type: 'text', array: true },
    name: { type: 'text' },
    createdAt: { type: 'timestamptz', name: 'created_at', createDate: true },
    lastUsedAt: { type: 'timestamptz', name: 'last_used_at', nullable: true },
  },
});
