/** Deletes a journal entry and its photos: rows in the transaction, files once it committed. */
import { messages } from '@caravan/shared';
import { AppError, bumpVersion, JournalEntryEntity, serverOrigin } from '@caravan/engine';
import type { PhotoWriteDeps } from '../types.ts';
import { photoBlobsDeleter, photoDeleter } from './photoDeleter.ts';

export async function journalEntryDeleter(deps: PhotoWriteDeps, userId: number, params: { tripId: string; entryId: string }): Promise<void> {
  const deleted = await deps.tripDocs.write(params.tripId, serverOrigin(userId), async ({ doc, manager, transact }) => {
    const entries = manager.getRepository(JournalEntryEntity);
    const entry = await entries.findOneBy({ id: params.entryId, tripId: params.tripId });
    if (!entry) throw new AppError('not_found', messages.journal.entryNotFound);
    const photos = await photoDeleter(manager, { tripId: params.tripId, journalEntryId: entry.id });
    await entries.delete({ id: entry.id });
    transact(() => bumpVersion(doc, 'journalsVersion'));
    return photos;
  });
  await photoBlobsDeleter(deps, deleted);
}
