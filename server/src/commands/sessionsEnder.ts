/** Ends one session, or every session of a user (password reset, account disabled). */
import type { DataSource, EntityManager } from 'typeorm';
import { SessionEntity } from '@caravan/engine';
import { announceAccessChange } from '../lib/accessChanges.ts';

export async function sessionEnder(dataSource: DataSource, { tokenHash }: { tokenHash: string }): Promise<void> {
  await dataSource.getRepository(SessionEntity).delete({ tokenHash });
  announceAccessChange({ kind: 'sessionEnded', tokenHash });
}

/** Inside the caller's transaction: the caller announces the change once it committed. */
export async function userSessionsEnder(manager: EntityManager, { userId }: { userId: number }): Promise<void> {
  await manager.getRepository(SessionEntity).delete({ userId });
}
