/** /_api/trips/stops/journal: create, update and delete a stop's journal entries (owner only). */
import Router from '@koa/router';
import { calls, canWriteJournal } from '@caravan/shared';
import { journalEntryCreator } from '../../commands/journalEntryCreator.ts';
import { journalEntryDeleter } from '../../commands/journalEntryDeleter.ts';
import { journalEntryUpdater } from '../../commands/journalEntryUpdater.ts';
import { presentJournalEntry } from '../../presenters/journalEntry.ts';
import type { AppContext, AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function journalRoutes({ dataSource, tripDocs, blobStore }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  const journalDeps = (ctx: AppContext) => ({ tripDocs, blobStore, logger: ctx.state.log });

  tripCall(
    calls.journal.create,
    canWriteJournal,
    async ({ user, trip, body, ctx }) =>
      presentJournalEntry(await journalEntryCreator(journalDeps(ctx), user.id, { ...body, tripId: trip.id })),
    { status: 201 },
  );

  tripCall(calls.journal.update, canWriteJournal, async ({ user, trip, body, ctx }) =>
    presentJournalEntry(await journalEntryUpdater(journalDeps(ctx), user.id, { ...body, tripId: trip.id })),
  );

  tripCall(calls.journal.delete, canWriteJournal, async ({ user, trip, body, ctx }) => {
    await journalEntryDeleter(journalDeps(ctx), user.id, { tripId: trip.id, entryId: body.entryId });
    return { success: true } as const;
  });

  return router;
}
