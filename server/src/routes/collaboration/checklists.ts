/**
 * /_api/trips/checklists (docs/product.md#checklists): every member lists checklists and ticks items; owner and
 * editors make, change, move and delete lists and items (a viewer's edit beyond `done` is refused in the updater).
 */
import Router from '@koa/router';
import { calls, canEditChecklists, canTickItems, canViewChecklists, readChecklists } from '@caravan/shared';
import { checklistCreator, checklistDeleter } from '../../commands/checklistLists.ts';
import { checklistItemAdder, checklistItemDeleter, checklistItemMover, checklistItemUpdater } from '../../commands/checklistItems.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function checklistRoutes({ dataSource, tripDocs }: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);

  // The document is the only home of checklists (no rows).
  tripCall(calls.checklists.list, canViewChecklists, ({ body }) => tripDocs.read(body.tripId, ({ doc }) => readChecklists(doc)));
  tripCall(calls.checklists.createList, canEditChecklists, ({ user, role, body }) => checklistCreator(tripDocs, user, role!, body), { status: 201 });
  tripCall(calls.checklists.deleteList, canEditChecklists, ({ user, role, body }) => checklistDeleter(tripDocs, user, role!, body));
  tripCall(calls.checklists.addItem, canEditChecklists, ({ user, role, body }) => checklistItemAdder(tripDocs, user, role!, body), { status: 201 });
  tripCall(calls.checklists.updateItem, canTickItems, ({ user, role, body }) => checklistItemUpdater(tripDocs, user, role!, body));
  tripCall(calls.checklists.deleteItem, canEditChecklists, ({ user, role, body }) => checklistItemDeleter(tripDocs, user, role!, body));
  tripCall(calls.checklists.moveItem, canEditChecklists, ({ user, role, body }) => checklistItemMover(tripDocs, user, role!, body));

  return router;
}
