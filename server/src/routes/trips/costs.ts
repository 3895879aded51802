/**
 * /_api/trips/costs: shared costs (docs/product.md#costs). Any member reads them, records an expense they paid
 * and a payment they are part of, and remembers a rate; the per-entry rules (own expense, owner and editors any)
 * are the money part's judge, which the live door asks too (shared/src/parts/money).
 */
import Router from '@koa/router';
import { calls, canRecordExpenses, canViewCosts, costsOverview, type DocExpense } from '@caravan/shared';
import { expenseDeleter } from '../../commands/costs/expenseDeleter.ts';
import { photoStorer } from '../../commands/photoStorer.ts';
import { expenseWriter } from '../../commands/costs/expenseWriter.ts';
import { moneySettingsSetter } from '../../commands/costs/moneySettingsSetter.ts';
import { paymentDeleter, paymentRecorder } from '../../commands/costs/paymentWriter.ts';
import { buildCostsCsv } from '../../exports/costsCsv.ts';
import { ratesToHome } from '../../providers/exchangeRates/exchangeRates.ts';
import { fileStem } from '../../exports/exportFormats.ts';
import { costsOverviewQuery, memberNames } from '../../queries/costsQuery.ts';
import type { AppDeps, AppState } from '../../types.ts';
import { tripCallsOn } from '../tripCall.ts';

export function costRoutes({ dataSource, tripDocs, exchangeRates, blobStore, logger }: AppDeps): Router<AppState> {
  const photoDeps = { tripDocs, blobStore, logger };
  const router = new Router<AppState>();
  const tripCall = tripCallsOn(router, dataSource);
  const overview = (tripId: string) => costsOverviewQuery(tripDocs, tripId);

  /** The written expense with its home amount, as the overview counts it. */
  const written = async (tripId: string, expense: DocExpense) =>
    (await overview(tripId)).expenses.find((entry) => entry.id === expense.id) ?? { ...expense, homeAmount: null };

  tripCall(calls.costs.overview, canViewCosts, async ({ trip }) => {
    const [costs, euroRates] = await Promise.all([overview(trip.id), exchangeRates.euroRates()]);
    return { ...costs, suggestedRates: ratesToHome(euroRates ?? {}, costs.homeCurrency) };
  });
  tripCall(calls.costs.addExpense, canRecordExpenses, async ({ user, role, trip, body }) =>
    written(trip.id, await expenseWriter(photoDeps, user, role!, { ...body, tripId: trip.id })),
  );
  tripCall(calls.costs.updateExpense, canRecordExpenses, async ({ user, role, trip, body }) =>
    written(trip.id, await expenseWriter(photoDeps, user, role!, { ...body, tripId: trip.id })),
  );
  tripCall(calls.costs.deleteExpense, canRecordExpenses, async ({ user, role, trip, body }) => {
    await expenseDeleter(photoDeps, user, role!, { ...body, tripId: trip.id });
    return { deleted: true as const };
  });
  tripCall(calls.costs.recordPayment, canRecordExpenses, ({ user, role, trip, body }) =>
    paymentRecorder(tripDocs, user, role!, { ...body, tripId: trip.id }),
  );
  tripCall(calls.costs.deletePayment, canRecordExpenses, async ({ user, role, trip, body }) => {
    await paymentDeleter(tripDocs, user, role!, { ...body, tripId: trip.id });
    return { deleted: true as const };
  });
  tripCall(calls.costs.settings, canRecordExpenses, async ({ user, role, trip, body }) =>
    costsOverview(await moneySettingsSetter(tripDocs, user, role!, { ...body, tripId: trip.id })),
  );
  /** Stored like a journal photo (re-encoded, its own row); the expense then carries its address. */
  tripCall(calls.costs.uploadReceipt, canRecordExpenses, async ({ user, trip, body }) => ({
    url: (await photoStorer(dataSource, blobStore, { tripId: trip.id, uploadedBy: user.id, image: body.image })).url,
  }));
  tripCall(calls.costs.csv, canViewCosts, async ({ trip, ctx }) => {
    const [costs, nameOf] = await Promise.all([overview(trip.id), memberNames(dataSource, trip.id)]);
    ctx.attachment(`${fileStem(trip.title)}-costs.csv`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Cache-Control', 'private, no-cache');
    return buildCostsCsv(costs, nameOf);
  });

  return router;
}
