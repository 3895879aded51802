/** The caller's passkeys, oldest first; and one passkey by its credential id, whoever owns it. */
import type { DataSource } from 'typeorm';
import { PasskeyEntity, type Passkey } from '@caravan/engine';

export function passkeysOf(dataSource: DataSource, userId: number): Promise<Passkey[]> {
  return dataSource.getRepository(PasskeyEntity).find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
}

export function passkeyByCredentialId(dataSource: DataSource, credentialId: string): Promise<Passkey | null> {
  return dataSource.getRepository(PasskeyEntity).findOneBy({ credentialId });
}
