/**
 * bench:abuse's worker-pool scenarios (issue 39, items 2 and 6), beside its baseline:
 *   - "export a 990-stop trip with opening hours, every format, 2 accounts × 2 loops": each of two accounts asks
 *     for the trip's GPX, KML, GeoJSON, ICS and PDF in turn, in two loops at once (as many as an account may have);
 *     target: the victim's p99 ≤ 50 ms (the row's own verdict).
 *   - "4 accounts plan 1,000-stop trips": four accounts each run "Plan my days" on their own thousand-stop trip with
 *     opening hours, two at once, again as soon as answered; a fifth account plans its 3-stop trip once a second.
 *     Target: each of the fifth's plans answers in ≤ 1 s (its verdict is printed in the attacker's column).
 */
import type { RunningServer } from '@caravan/server';
import type * as ServerTest from '@caravan/server/test';
import { percentile } from '../collab/stats.ts';
import { sendOnce, startRequestLoops, type LoopRequest } from './requestLoops.ts';

const EXPORT_STOPS = 990;
const PLAN_STOPS = 1000;
const FORMATS = ['gpx', 'kml', 'geojson', 'ics', 'pdf'];
const SMALL_PLAN_TARGET_MS = 1000;
const SMALL_PLAN_EVERY_MS = 1000;

type Kit = Pick<typeof ServerTest, 'addMember' | 'addScatteredStops' | 'buildTrip' | 'buildUser' | 'sessionCookieFor'>;

interface Attack {
  stop: () => Promise<string>;
}

interface Account {
  cookie: string;
  tripId: string;
}

export interface PoolScenarios {
  exportEveryFormat: (url: string) => Attack;
  planBigTrips: (url: string) => Promise<Attack>;
}

/** `perAccount` loops for each account, from the attacker's own process (./requestLoops.ts), each asking `requests` in turn. */
const loops = (accounts: Account[], perAccount: number, requests: (account: Account) => LoopRequest[]) =>
  startRequestLoops(accounts.flatMap((account) => Array.from({ length: perAccount }, () => requests(account))));

const planDaysRequest = (url: string, { cookie, tripId }: Account): LoopRequest => ({
  url: `${url}/_api/trips/stops/plan-days`,
  method: 'POST',
  headers: { cookie, 'content-type': 'application/json' },
  body: JSON.stringify({ tripId }),
});
const planDays = (url: string, account: Account) => sendOnce(planDaysRequest(url, account));

/** Seeds the scenarios' accounts and trips through the product's own write path (`deps` of a server in this process). */
export async function seedPoolScenarios(deps: RunningServer['deps'], kit: Kit): Promise<PoolScenarios> {
  const { dataSource } = deps;
  const account = async (stops: number, seed: number): Promise<Account> => {
    const user = await kit.buildUser(dataSource);
    const trip = await kit.buildTrip(dataSource, user, { title: `${stops + 1} stops with opening hours` });
    await kit.addScatteredStops(deps, trip, stops, seed, true);
    return { cookie: await kit.sessionCookieFor(dataSource, user), tripId: trip.id };
  };
  // Two accounts export the same trip: one owns it, the other is an editor.
  const exportOwner = await account(EXPORT_STOPS - 1, 11);
  const exportEditor = await kit.buildUser(dataSource);
  await kit.addMember(dataSource, { id: exportOwner.tripId } as Parameters<Kit['addMember']>[1], exportEditor, 'editor');
  const exporters = [exportOwner, { cookie: await kit.sessionCookieFor(dataSource, exportEditor), tripId: exportOwner.tripId }];
  const planners = await Promise.all([21, 22, 23, 24].map((seed) => account(PLAN_STOPS - 1, seed)));
  const fifth = await account(2, 25);
  await deps.legs.idle();

  return {
    exportEveryFormat: (url) => {
      return loops(exporters, 2, ({ cookie, tripId }) =>
        FORMATS.map((format) => ({ url: `${url}/_api/trips/export?tripId=${tripId}&format=${format}`, headers: { cookie } })),
      );
    },
    planBigTrips: async (url) => {
      // The small lane's thread starts with its first task (a second or so): not part of what is timed.
      await (await planDays(url, fifth)).arrayBuffer();
      const bigPlans = loops(planners, 2, (planner) => [planDaysRequest(url, planner)]);
      const times: number[] = [];
      let failed = 0;
      let stopping = false;
      const smallPlans = (async () => {
        while (!stopping) {
          const sent = performance.now();
          const response = await planDays(url, fifth).catch(() => null);
          await response?.arrayBuffer();
          if (response?.status === 200) times.push(performance.now() - sent);
          else failed++;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, SMALL_PLAN_EVERY_MS - (performance.now() - sent))));
        }
      })();
      return {
        stop: async () => {
          stopping = true;
          await smallPlans;
          const planners = await bigPlans.stop();
          const worst = times.length ? Math.max(...times) : Infinity;
          const verdict = failed === 0 && worst <= SMALL_PLAN_TARGET_MS ? 'PASS' : 'FAIL';
          return (
            `fifth account's 3-stop plan: ${times.length} answered${failed ? ` (+${failed} failed)` : ''}, ` +
            `p50 ${percentile(times, 50).toFixed(0)} ms, max ${worst.toFixed(0)} ms (target ≤ ${SMALL_PLAN_TARGET_MS} ms) ${verdict}; planners: ${planners}`
          );
        },
      };
    },
  };
}
