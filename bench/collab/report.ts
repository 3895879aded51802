/** bench:collab's printed report: the run's header, then each section of report/ for the measured scenarios and the cold join. */
import fs from 'node:fs';
import os from 'node:os';
import { loadAverage } from '../processes.ts';
import { CLIENT_NICENESS, CLIENT_PROCESSES, CONFIG, log, MOVE_INTERVAL_MS, QUICK, STOPS_PER_TRIP } from './options.ts';
import { reportColdJoin } from './report/coldJoin.ts';
import { reportDelivery } from './report/delivery.ts';
import { reportCaravanInternals, reportMemory, reportTimeSplit } from './report/servers.ts';
import { reportTargets } from './report/targets.ts';
import type { HistoryResult, ScenarioResult } from './scenarios/results.ts';

function machine(): string {
  const model = fs.readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
  const release = fs.existsSync('/etc/os-release')
    ? (fs.readFileSync('/etc/os-release', 'utf8').match(/PRETTY_NAME="([^"]*)"/)?.[1] ?? os.type())
    : os.type();
  return `${os.cpus().length} CPU (${model}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${release}, Linux ${os.release()}, node ${process.version}`;
}

export function reportSetup(): void {
  log(`machine: ${machine()}`);
  log(`load average before the run: ${loadAverage()}`);
  log(
    `config: ${QUICK ? '--quick, ' : ''}moves every ${MOVE_INTERVAL_MS} ms per client, ${STOPS_PER_TRIP} stops per trip, ` +
      `warm-up ${CONFIG.warmupMs / 1000} s + measured ${CONFIG.durationMs / 1000} s per scenario and server, in ${CONFIG.sliceMs / 1000} s slices alternating between the servers; ` +
      `clients in ${CLIENT_PROCESSES} child processes per server at niceness ${CLIENT_NICENESS}, each server in its own child process`,
  );
}

export function report(results: ScenarioResult[], history: HistoryResult | null): void {
  log('');
  reportDelivery(results);
  log('');
  reportTimeSplit(results);
  log('');
  reportMemory(results);
  log('');
  reportCaravanInternals(results);
  if (history) {
    log('');
    reportColdJoin(history);
  }
  log('');
  reportTargets(results, history);
}
