/**
 * bench:abuse's "10 sockets of one member flood a trip" (issue 39, item 3): one editor opens ten sockets on a trip
 * and sends one-key updates on all of them as fast as each takes them, reconnecting at once after every close
 * (collab-server/src/test/flooder.ts, at the lowest CPU priority: an attacker floods from its own machine), while
 * this process times, on other trips, joins (connect, sign-in, sync; one every 500 ms) and live delivery (one member
 * moves a stop every 50 ms, another applies it). Both are measured first without the flood (the baseline), then
 * during it. Targets: join ≤ 200 ms (the slowest, p100) and delivery p99 ≤ 50 ms during the flood.
 *
 * `startMemberFlood` fits bench/abuse.ts' phases: it seeds its own trips, measures the baseline, starts the flood
 * and the measuring, and its `stop` answers the attacker column: what the flood got and the two verdicts.
 */
import { randomUUID } from 'node:crypto';
import { addStop } from '@caravan/shared';
import { startFlooder } from '@caravan/collab-server/test';
import { BenchClient, random } from '../collab/client.ts';
import { asRunResult } from '../collab/runResult.ts';
import { joinDeliveries, ms, percentile } from '../collab/stats.ts';

export const MEMBER_FLOOD_TARGETS = { joinMs: 200, deliveryP99Ms: 50 };
const SOCKETS = 10;
const MOVE_EVERY_MS = 50;
const JOIN_EVERY_MS = 500;
const JOIN_TIMEOUT_MS = 5000;
const BASELINE_SECONDS = 5;
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export interface MemberFloodOptions {
  databaseUrl: string;
  /** ws:// base of the collab door as a browser uses it (the API server's /collab, say). */
  collabUrl: string;
}

interface Measured {
  joins: number[];
  joinFailures: number;
  delivery: number[];
  undelivered: number;
}

/** Seeds the trips, measures the baseline, starts the flood and the measuring; `stop` ends both and reports. */
export async function startMemberFlood({ databaseUrl, collabUrl }: MemberFloodOptions): Promise<{ stop: () => Promise<string> }> {
  const { createDataSource, createLogger, serverOrigin, TripDocHub } = await import('@caravan/engine');
  const { addMember, buildTrip, buildUser, sessionCookieFor } = await import('@caravan/server/test');
  const dataSource = await createDataSource(databaseUrl, 2).initialize();
  let seeded: { flooded: string; joined: string; live: string; cookies: Record<'owner' | 'flooder' | 'traveller', string> };
  try {
    const hub = new TripDocHub(dataSource, createLogger('silent'));
    const [owner, flooder, traveller] = [await buildUser(dataSource), await buildUser(dataSource), await buildUser(dataSource)];
    const tripOf = async (member?: typeof owner) => {
      const trip = await buildTrip(dataSource, owner);
      if (member) await addMember(dataSource, trip, member, 'editor');
      await hub.write(trip.id, serverOrigin(owner.id), ({ doc, transact }) =>
        transact(() => {
          for (let stop = 1; stop < 10; stop++) addStop(doc, randomUUID(), { name: `Stop ${stop}`, latitude: 30 + stop, longitude: -100 - stop });
        }),
      );
      return trip.id;
    };
    seeded = {
      flooded: await tripOf(flooder),
      joined: await tripOf(),
      live: await tripOf(traveller),
      cookies: {
        owner: await sessionCookieFor(dataSource, owner),
        flooder: await sessionCookieFor(dataSource, flooder),
        traveller: await sessionCookieFor(dataSource, traveller),
      },
    };
  } finally {
    await dataSource.destroy();
  }
  const { flooded, joined, live, cookies } = seeded;
  const spec = (room: string, cookie: string) => ({ protocol: 'caravan' as const, serverUrl: collabUrl, room, cookie });

  const mover = new BenchClient(spec(live, cookies.owner));
  const watcher = new BenchClient(spec(live, cookies.traveller));
  await Promise.all([mover.connect(), watcher.connect()]);

  /** Measures until `stop()`: joins of one trip, and delivery of another's moves. */
  const measure = () => {
    let stopping = false;
    const joins: number[] = [];
    let joinFailures = 0;
    for (const client of [mover, watcher]) Object.assign(client.rec, { recording: true, receipts: new Map(), sends: [], acks: [] });
    const next = random(20261201);
    const moving = setInterval(() => mover.move(next, true), MOVE_EVERY_MS);
    const joining = (async () => {
      while (!stopping) {
        const started = performance.now();
        const joiner = new BenchClient(spec(joined, cookies.owner));
        try {
          joins.push((await joiner.connect(JOIN_TIMEOUT_MS)).syncMs);
        } catch {
          joins.push(JOIN_TIMEOUT_MS);
          joinFailures++;
        }
        joiner.close();
        await sleep(Math.max(0, started + JOIN_EVERY_MS - performance.now()));
      }
    })();
    return async (): Promise<Measured> => {
      stopping = true;
      clearInterval(moving);
      await joining;
      await sleep(500);
      for (const client of [mover, watcher]) client.rec.recording = false;
      const delivered = joinDeliveries([[0, 1]], new Map([[0, asRunResult(0, mover)], [1, asRunResult(1, watcher)]]));
      return { joins, joinFailures, delivery: delivered.allSeen, undelivered: delivered.incomplete };
    };
  };

  process.stderr.write(`  baseline for ${BASELINE_SECONDS} s, then the flood\n`);
  const stopBaseline = measure();
  await sleep(BASELINE_SECONDS * 1000);
  const baseline = await stopBaseline();
  const flood = await startFlooder({ url: collabUrl, tripId: flooded, cookie: cookies.flooder, sockets: SOCKETS, reconnect: true, niceness: 19 });
  const stopFlooded = measure();

  return {
    stop: async () => {
      const during = await stopFlooded();
      const closes = [...flood.closes];
      const sent = await flood.stop();
      for (const client of [mover, watcher]) client.close();
      return report(baseline, during, closes, sent);
    },
  };
}

function report(baseline: Measured, during: Measured, closes: Array<{ socket: number; code: number; atMs: number }>, sent: number): string {
  const firstCloses = new Map<number, { code: number; atMs: number }>();
  for (const close of closes) if (!firstCloses.has(close.socket)) firstCloses.set(close.socket, close);
  const first = [...firstCloses.values()];
  const codes = new Map<number, number>();
  for (const close of closes.filter((close) => !first.includes(close))) codes.set(close.code, (codes.get(close.code) ?? 0) + 1);
  const firstCodes = [...new Set(first.map((close) => close.code))].join('/');
  const flood =
    `${sent.toLocaleString('en')} updates; ${first.length} of ${SOCKETS} sockets closed ${firstCodes}` +
    (first.length ? ` within ${(Math.max(...first.map((close) => close.atMs)) / 1000).toFixed(1)} s` : '') +
    (codes.size ? `, reconnects ${[...codes].map(([code, count]) => `${code} × ${count}`).join(', ')}` : '');
  const join = Math.max(...during.joins);
  const delivery = percentile(during.delivery, 99);
  const joinVerdict = join <= MEMBER_FLOOD_TARGETS.joinMs && during.joinFailures === 0 ? 'PASS' : 'FAIL';
  const deliveryVerdict = delivery <= MEMBER_FLOOD_TARGETS.deliveryP99Ms && during.undelivered === 0 ? 'PASS' : 'FAIL';
  return [
    flood,
    `${joinVerdict} other trip's join, slowest of ${during.joins.length}: ${ms(join)} (baseline ${ms(Math.max(...baseline.joins))}; target ≤ ${MEMBER_FLOOD_TARGETS.joinMs} ms)` +
      (during.joinFailures ? `, ${during.joinFailures} not synced within ${JOIN_TIMEOUT_MS / 1000} s` : ''),
    `${deliveryVerdict} other trip's delivery p99 of ${during.delivery.length}: ${ms(delivery)} (baseline ${ms(percentile(baseline.delivery, 99))}; target ≤ ${MEMBER_FLOOD_TARGETS.deliveryP99Ms} ms)` +
      (during.undelivered ? `, ${during.undelivered} never delivered` : ''),
  ].join('\n    ');
}

