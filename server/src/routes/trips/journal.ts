/** /_api/trips/stops/journal: create, update and delete a stop's journal entries (owner only). */
import Router from '@koa/router';
import { ZCreateJournalEntryRequest, ZDeleteJournalEntryRequest, ZUpdateJournalEntryRequest } from '@caravan/shared';
import { journalEntryCreator } from '../../commands/journalEntryCreator.ts';
import { journalEntryDeleter } from '../../commands/journalEntryDeleter.ts';
import { journalEntryUpdater } from '../../commands/journalEntryUpdater.ts';
import { requireUser } from '../../middleware/authenticate.ts';
import { canWriteJournal } from '../../policies/tripPolicy.ts';
import { presentJournalEntry } from '../../presenters/journalEntry.ts';
import type { AppContext, AppDeps, AppState } from '../../types.ts';
import { tripCalls } from '../tripCall.ts';

export function journalRoutes({ dataSource, tripDocs, blobStore }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips/stops/journal' });
  const tripCall = tripCalls(dataSource);
  router.use(requireUser);

  const journalDeps = (ctx: AppContext) => ({ tripDocs, blobStore, logger: ctx.state.log });

  router.post(
    '/create',
    tripCall(
      ZCreateJournalEntryRequest,
      canWriteJournal,
      async ({ user, trip, body, ctx }) =>
        presentJournalEntry(await journalEntryCreator(journalDeps(ctx), user.id, { ...body, tripId: trip.id })),
      { status: 201 },
    ),
  );

  router.post(
    '/update',
    tripCall(ZUpdateJournalEntryRequest, canWriteJournal, async ({ user, trip, body, ctx }) =>
      presentJournalEntry(await journalEntryUpdater(journalDeps(ctx), user.id, { ...body, tripId: trip.id })),
    ),
  );

  router.post(
    '/delete',
    tripCall(ZDeleteJournalEntryRequest, canWriteJournal, async ({ user, trip, body, ctx }) => {
      await journalEntryDeleter(journalDeps(ctx), user.id, { tripId: trip.id, entryId: body.entryId });
      return { success: true };
    }),
  );

  return router;
}
