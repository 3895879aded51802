/** /_api/trips/stops/journal: create, update and delete a stop's journal entries (owner only). */
import Router from '@koa/router';
import { ZCreateJournalEntryRequest, ZDeleteJournalEntryRequest, ZUpdateJournalEntryRequest } from '@caravan/shared';
import { journalEntryCreator } from '../../commands/journalEntryCreator.ts';
import { journalEntryDeleter } from '../../commands/journalEntryDeleter.ts';
import { journalEntryUpdater } from '../../commands/journalEntryUpdater.ts';
import { input } from '../../lib/input.ts';
import { currentUser, requireUser } from '../../middleware/authenticate.ts';
import { authorize, canWriteJournal, loadTripAccess } from '../../policies/tripPolicy.ts';
import type { AppContext, AppDeps, AppState } from '../../types.ts';

export function journalRoutes({ dataSource, tripDocs, blobStore }: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/trips/stops/journal' });
  router.use(requireUser);

  const journalDeps = (ctx: AppContext) => ({ tripDocs, blobStore, logger: ctx.state.log });

  router.post('/create', async (ctx) => {
    const body = input(ZCreateJournalEntryRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { trip, role } = await loadTripAccess(dataSource, body.tripId, user);
    authorize(canWriteJournal(role));
    ctx.status = 201;
    ctx.body = await journalEntryCreator(journalDeps(ctx), user.id, { ...body, tripId: trip.id });
  });

  router.post('/update', async (ctx) => {
    const body = input(ZUpdateJournalEntryRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { trip, role } = await loadTripAccess(dataSource, body.tripId, user);
    authorize(canWriteJournal(role));
    ctx.body = await journalEntryUpdater(journalDeps(ctx), user.id, { ...body, tripId: trip.id });
  });

  router.post('/delete', async (ctx) => {
    const body = input(ZDeleteJournalEntryRequest, ctx.request.body);
    const user = currentUser(ctx);
    const { trip, role } = await loadTripAccess(dataSource, body.tripId, user);
    authorize(canWriteJournal(role));
    await journalEntryDeleter(journalDeps(ctx), user.id, { tripId: trip.id, entryId: body.entryId });
    ctx.body = { success: true };
  });

  return router;
}
