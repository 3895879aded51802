/** The report's first table: per scenario and server, delivery times, throughput, acks and CPU, with its legend. */
import os from 'node:os';
import { CLIENT_PROCESSES, log } from '../options.ts';
import type { ScenarioResult } from '../scenarios/results.ts';
import { ms, pad } from '../stats.ts';

/** Busy CPU not accounted for by the server, the client processes or PostgreSQL, in % of one core. */
const otherLoad = (result: ScenarioResult) =>
  Math.max(
    0,
    (result.machinePct / 100) * os.cpus().length * 100 -
      (result.server.cpuMs / result.server.wallMs) * 100 -
      result.clientCpuPct * CLIENT_PROCESSES -
      result.postgresPct,
  );

export function reportDelivery(results: ScenarioResult[]): void {
  log(`Delivery: time from a client's local moveStop until EVERY other client of the trip has applied it`);
  log(
    [
      'scenario'.padEnd(22),
      'server'.padEnd(10),
      pad('p50', 9),
      pad('p99', 9),
      pad('max', 9),
      pad('moves/s', 8),
      pad('fan-out/s', 9),
      pad('lost', 5),
      pad('skip', 5),
      pad('ack p50', 9),
      pad('ack p95', 9),
      pad('srv CPU', 8),
      pad('CPU/move', 9),
      pad('loop p99', 9),
      pad('clients CPU', 11),
      pad('PG CPU', 7),
      pad('other', 6),
    ].join(' '),
  );
  for (const result of results) {
    log(
      [
        result.scenario.name.padEnd(22),
        result.protocol.padEnd(10),
        pad(ms(result.allSeen.p50), 9),
        pad(ms(result.allSeen.p99), 9),
        pad(ms(result.allSeen.max, 0), 9),
        pad(result.movesPerSec.toFixed(0), 8),
        pad(result.deliveriesPerSec.toFixed(0), 9),
        pad(String(result.incomplete), 5),
        pad(String(result.lateMoves), 5),
        pad(ms(result.acks.p50), 9),
        pad(ms(result.acks.p95), 9),
        pad(`${((result.server.cpuMs / result.server.wallMs) * 100).toFixed(0)} %`, 8),
        pad(`${(((result.server.cpuMs + result.postgresCpuMs) / result.measuredMoves) * 1000).toFixed(0)} µs`, 9),
        pad(ms(result.server.loopDelayP99Ms), 9),
        pad(`${result.clientCpuPct.toFixed(0)} %`, 11),
        pad(`${result.postgresPct.toFixed(0)} %`, 7),
        pad(`${otherLoad(result).toFixed(0)} %`, 6),
      ].join(' '),
    );
  }
  log('(ack: Caravan = edit → the client has read the acknowledgement that a commit in PostgreSQL covers it (the commit itself');
  log(' is timed in the server internals below: edit → commit, the issue\'s edit-to-durable; the ack adds its way back and the client\'s queue);');
  log(' hocuspocus = edit → SyncStatus after the in-memory apply: it persists nothing by default.');
  log(' moves/s: measured moves seen by every other client, per second; fan-out/s: (move, receiver) deliveries per second;');
  log(' lost: measured moves some other client had not seen 1 s after its slice ended;');
  log(' skip: moves the client processes skipped because they were over 200 ms behind schedule (clients could not keep up);');
  log(' srv CPU: % of one core;');
  log(' CPU/move: CPU time of the server process plus PostgreSQL per move (fan-out to every other client included),');
  log('   the figure least disturbed by other work on the machine;');
  log(' loop p99: the event-loop delay p99 of the server process (median over slices);');
  log(' clients CPU: the server\'s two client processes, % of their two cores; PG CPU: PostgreSQL processes, % of one core;');
  log(' other: CPU used on the machine by anything but this benchmark (other work), % of one core.)');

  for (const result of results.filter((entry) => entry.joinFailures > 0)) {
    log(`note: ${result.joinFailures} ${result.protocol} clients of "${result.scenario.name}" failed to join; the figures above are without them`);
  }
}
