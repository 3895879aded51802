/** The report's per-server detail: where a move's time goes, server memory, and Caravan's own timings. */
import { log } from '../options.ts';
import type { ScenarioResult } from '../scenarios/results.ts';
import type { MemorySample } from '../serverProbe.ts';
import { kb, ms, pad, percentile } from '../stats.ts';

const memTotal = (sample: MemorySample) => sample.heapUsed + sample.external;

export function reportTimeSplit(results: ScenarioResult[]): void {
  log("Where a move's time goes (p50 / p99): local edit → the server's socket hands it to its event loop (client");
  log("send, network, waiting for the server's loop) | from there → the last other client has applied it (check,");
  log("apply, fan-out, network, the receivers' loops), of which \"in server\" runs from there to the end of that turn of");
  log("the server's event loop (check, apply, handing the update to every receiver's socket, whether the server does it");
  log("at once, in promise callbacks or deferred to the turn's end). All on the machine's monotonic clock, shared by all processes.");
  for (const result of results) {
    log(
      `${result.scenario.name.padEnd(22)} ${result.protocol.padEnd(10)} to server ${pad(ms(result.upstream.p50), 9)} / ${pad(ms(result.upstream.p99), 9)}` +
        `   server → all others ${pad(ms(result.downstream.p50), 9)} / ${pad(ms(result.downstream.p99), 9)}   in server ${pad(ms(result.inServer.p50), 8)} / ${pad(ms(result.inServer.p99), 8)}   one receiver p50 ${pad(ms(result.eachSeenP50), 8)}` +
        `   server loop delay max ${pad(ms(result.server.loopDelayMaxMs, 0), 7)}, GC ${(((result.server.gc.totalMs / result.server.wallMs) * 100).toFixed(1))} % of the time, longest pause ${ms(result.server.gc.maxMs)}; clients' longest GC pause ${ms(result.clientGc.maxMs)}`,
    );
  }
}

export function reportMemory(results: ScenarioResult[]): void {
  log('Server memory (heap + external after a full GC, in the server process; RSS in brackets)');
  for (const result of results) {
    const { base, oneEach, all, after } = result.memory;
    const { trips, perTrip } = result.scenario;
    const others = trips * (perTrip - 1);
    const perConnection = (memTotal(all) - memTotal(oneEach)) / others;
    const perConnectionRss = (all.rss - oneEach.rss) / others;
    const perTrip1 = (memTotal(oneEach) - memTotal(base)) / trips - perConnection;
    const perTripRss = (oneEach.rss - base.rss) / trips - perConnectionRss;
    const perTripAfter = (memTotal(after) - memTotal(all)) / trips;
    log(
      `${result.scenario.name.padEnd(22)} ${result.protocol.padEnd(10)} per connection ${pad(kb(perConnection), 9)} [${kb(perConnectionRss)}]` +
        `  per trip ${pad(kb(perTrip1), 9)} [${kb(perTripRss)}]  + per trip after the run ${pad(kb(perTripAfter), 9)}`,
    );
  }
  log('(per connection: growth from one client per trip to all clients, divided by the extra connections;');
  log(' per trip: growth from nothing to one client per trip, divided by trips, less one connection;');
  log(' after the run: what each trip grew by during the run (history of the moves, batches, buffers).)');
}

export function reportCaravanInternals(results: ScenarioResult[]): void {
  log('Caravan server internals during the runs (timed around the code, from bench/collab/caravanServer.ts)');
  for (const result of results.filter((entry) => entry.protocol === 'caravan')) {
    const extra = result.server.extra as {
      handled: { count: number; totalMs: number; samples: number[] };
      persisted: { count: number; totalMs: number; samples: number[] };
      catchUps: number;
      batchBytes: number;
    };
    const commits = extra.persisted.count;
    const wallSec = result.server.wallMs / 1000;
    log(
      `${result.scenario.name.padEnd(22)} message handling (check + apply; the fan-out follows at the turn's end) p50 ${ms(percentile(extra.handled.samples, 50), 3)}` +
        ` p99 ${ms(percentile(extra.handled.samples, 99), 2)} total ${ms(extra.handled.totalMs, 0)};` +
        ` commits ${commits} (${(commits / wallSec).toFixed(0)}/s), persist p50 ${ms(percentile(extra.persisted.samples, 50))}` +
        ` p99 ${ms(percentile(extra.persisted.samples, 99))}; catch-ups after NOTIFY ${extra.catchUps}` +
        (result.durable ? `; edit → its commit in PostgreSQL p50 ${ms(result.durable.p50)} p95 ${ms(result.durable.p95)}` : ''),
    );
  }
}
