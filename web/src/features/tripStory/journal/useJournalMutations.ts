/**
 * Saving and deleting a stop's journal entries (owner only) with a toast for each outcome. The legacy
 * entry ('legacy-' + stop id) is the stop's own journalContent and photos, written by update-content.
 */
import { useMutation } from '@tanstack/react-query';
import { isLegacyEntryId, type JournalEntryView, type TTripStop } from '@caravan/shared';
import { errorMessage } from '../../../lib/api.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { tripViewMessages } from '../messages.ts';
import { tripViewApi, type JournalEntryInput } from '../tripViewApi.ts';
import { useTripViewContext } from '../tripViewContext.ts';

const text = tripViewMessages.journal;

export interface JournalSave extends JournalEntryInput {
  /** null creates a new entry. */
  entryId: string | null;
}

export function useJournalMutations(stop: TTripStop) {
  const { tripId, refresh } = useTripViewContext();
  const toast = useToast();

  const save = useMutation({
    mutationFn: async ({ entryId, ...entry }: JournalSave) => {
      if (entryId === null) await tripViewApi.createEntry(tripId, stop.id, entry);
      else if (isLegacyEntryId(entryId)) await tripViewApi.updateContent(tripId, stop.id, entry.content, entry.photos);
      else await tripViewApi.updateEntry(tripId, entryId, entry);
    },
    onSuccess: (_result, { entryId }) => {
      if (entryId === null) toast.success(text.created);
      else if (isLegacyEntryId(entryId)) toast.success(text.contentUpdated(stop.name));
      else toast.success(text.updated);
      refresh();
    },
    onError: (error, { entryId }) => {
      if (entryId === null) toast.error(text.createFailed(errorMessage(error)));
      else if (isLegacyEntryId(entryId)) toast.error(text.contentFailed(errorMessage(error, text.unknownError)));
      else toast.error(text.updateFailed(errorMessage(error)));
    },
  });

  const remove = useMutation({
    mutationFn: async (entry: JournalEntryView) => {
      if (isLegacyEntryId(entry.id)) await tripViewApi.updateContent(tripId, stop.id, null, []);
      else await tripViewApi.deleteEntry(tripId, entry.id);
    },
    onSuccess: () => {
      toast.success(text.deleted);
      refresh();
    },
    onError: (error) => toast.error(text.deleteFailed(errorMessage(error))),
  });

  return { save, remove };
}
