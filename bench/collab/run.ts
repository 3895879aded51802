/**
 * `npm run bench:collab`: Caravan's collab server against `@hocuspocus/server` with its
 * default settings, same scenario, same machine, one run.
 *
 *   N clients on one trip (N = 2, 10, 30, 100) and 200 trips × 5 clients; every client moves a random stop of
 *   a 10-stop trip to a random place every 200 ms. Printed per scenario and server: p50/p99/max time until
 *   every other client of the trip has applied a move, moves/s and deliveries/s sustained, edit → ack
 *   (Caravan: durable commit in PostgreSQL; the peer has no persistence and acks the in-memory apply), for
 *   Caravan also edit → the end of its commit (edit-to-durable, from the commits the server probe notes),
 *   server CPU and event-loop delay, and server memory per connection and per trip (heap + external after a
 *   full GC, in the server's own process). Then Caravan's cold join of a trip whose log saw 10,000 moves,
 *   and its persisted size (trip_docs.state + remaining trip_doc_updates).
 *
 * Everything runs here: an embedded PostgreSQL in a temp dir; each server in its own child process, fresh per
 * scenario, both up at once and driven in alternating 2 s slices so other work on the machine hits both alike;
 * clients in two child processes per server (one per CPU: 1000 sockets do not fit one event loop beside the servers;
 * one set per server, so neither side's clients pause for garbage the other side's clients made).
 * A move is identified by the mover's Yjs (clientID, clock); every process reads the same monotonic clock.
 * Options: --quick (shorter runs), --seconds=N (measured time per scenario and server), --only=2,10,30,100,200,history (a subset), --profile (CPU profiles of the
 * Caravan server and the client processes into a temp dir), --nice-clients (client processes at niceness 10).
 *
 * This file wires the parts: options.ts (options, scenarios, targets), children.ts (server and client processes),
 * benchData.ts (users and trips), scenarios/ (what is run and measured), report.ts and report/ (what is printed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as Y from 'yjs';
import type { DataSource } from 'typeorm';
import { createDataSource, createLogger, runMigrations, TripDocHub } from '@caravan/engine';
import { startEmbeddedPostgres } from '@caravan/engine/embeddedPostgres';
import { freePort } from '../processes.ts';
import { BenchData } from './benchData.ts';
import { clientExecArgv, forkChild, profileDir, serverStarter, type Child } from './children.ts';
import type { Protocol } from './client.ts';
import { cpuSampler } from './machineCpu.ts';
import { CLIENT_NICENESS, CLIENT_PROCESSES, clockBase, log, ONLY, progress, SCENARIOS, sleep } from './options.ts';
import { report, reportSetup } from './report.ts';
import { runHistory } from './scenarios/history.ts';
import { runPair } from './scenarios/pair.ts';
import type { Bench, ScenarioResult } from './scenarios/results.ts';

/** Two client host processes per server; each answers 'clock' once it reads the bench's clock. */
async function startClientProcesses(into: Record<Protocol, Child[]>): Promise<void> {
  const protocols: Protocol[] = ['caravan', 'hocuspocus'];
  for (const protocol of protocols.flatMap((name) => Array<Protocol>(CLIENT_PROCESSES).fill(name))) {
    const child = await forkChild('clientProcess.ts', { execArgv: clientExecArgv(protocol) });
    // Optionally, clients yield the CPU to the servers and PostgreSQL (on a real deployment they run elsewhere);
    // on a machine shared with other work that starves them instead, so it is not the default.
    if (CLIENT_NICENESS) os.setPriority(child.process.pid!, CLIENT_NICENESS);
    await child.call({ cmd: 'clock', base: clockBase.toString() });
    into[protocol].push(child);
  }
}

async function main() {
  reportSetup();
  const started = Date.now();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caravan-bench-pg-'));
  progress('starting embedded PostgreSQL');
  const postgres = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'caravan_bench', persistent: false });
  const clientProcesses: Record<Protocol, Child[]> = { caravan: [], hocuspocus: [] };
  let dataSource: DataSource | undefined;
  try {
    dataSource = await createDataSource(postgres.url, 8).initialize();
    await runMigrations(dataSource);
    const hub = new TripDocHub(dataSource, createLogger('error'));
    const pgVersion = (await dataSource.query('SHOW server_version'))[0].server_version;
    const fsync = (await dataSource.query('SHOW fsync'))[0].fsync;
    const syncCommit = (await dataSource.query('SHOW synchronous_commit'))[0].synchronous_commit;
    log(`PostgreSQL ${pgVersion} (embedded, temp dir, fsync ${fsync}, synchronous_commit ${syncCommit})`);
    const bench: Bench = { data: new BenchData(dataSource, hub), startServer: serverStarter(postgres.url), cpuSnapshot: cpuSampler(dataDir), clientProcesses };

    // The peer's documents start with the same content as a seeded Caravan trip.
    await bench.data.ensureUsers(1);
    const templateTrip = await bench.data.seedTrip([bench.data.users[0]]);
    const live = await hub.open(templateTrip);
    const template = Y.encodeStateAsUpdate(live!.doc);
    hub.unload(templateTrip);

    await startClientProcesses(clientProcesses);
    const results: ScenarioResult[] = [];
    for (const [at, scenario] of SCENARIOS.entries()) {
      if (ONLY && !ONLY.includes(String(scenario.trips > 1 ? scenario.trips : scenario.perTrip))) continue;
      results.push(...(await runPair(bench, scenario, template, at)));
      await sleep(500);
    }
    const history = !ONLY || ONLY.includes('history') ? await runHistory(bench, template) : null;
    report(
      results.sort((a, b) => SCENARIOS.indexOf(a.scenario) - SCENARIOS.indexOf(b.scenario) || a.protocol.localeCompare(b.protocol)),
      history,
    );
    log('');
    log(`whole run: ${((Date.now() - started) / 1000).toFixed(0)} s${profileDir() ? `; CPU profiles in ${profileDir()}` : ''}`);
  } finally {
    for (const child of Object.values(clientProcesses).flat()) {
      const exited = new Promise((resolve) => child.process.once('exit', resolve));
      await child.call({ cmd: 'exit' }, 5000).catch(() => child.process.kill());
      await exited;
    }
    await dataSource?.destroy().catch(() => {});
    await postgres.stop().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
