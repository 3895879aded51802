/** The report's verdicts: each of TARGETS in options.ts (2-core machine), PASS or FAIL, with the figure it judged. */
import type { Protocol } from '../client.ts';
import { log, SCENARIOS, TARGETS, type Scenario } from '../options.ts';
import type { HistoryResult, ScenarioResult } from '../scenarios/results.ts';
import { kb, ms, percentile } from '../stats.ts';

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

export function reportTargets(results: ScenarioResult[], history: HistoryResult | null): void {
  log('Targets (2-core machine)');
  const lines: Array<[string, string, boolean]> = [];
  const find = (protocol: Protocol, scenario: Scenario) => results.find((result) => result.protocol === protocol && result.scenario === scenario);
  const caravan30 = find('caravan', SCENARIOS[2]);
  const peer30 = find('hocuspocus', SCENARIOS[2]);
  if (caravan30 && peer30) {
    lines.push(['30 clients p99 ≤ 20 ms', `caravan ${ms(caravan30.allSeen.p99)}`, caravan30.allSeen.p99 <= TARGETS.p99At30Ms && caravan30.incomplete === 0]);
    lines.push(['30 clients p99 at least as fast as the peer', `caravan ${ms(caravan30.allSeen.p99)} vs hocuspocus ${ms(peer30.allSeen.p99)}`, caravan30.allSeen.p99 <= peer30.allSeen.p99]);
  }
  for (const scenario of SCENARIOS.filter((entry) => entry !== SCENARIOS[2])) {
    const caravan = find('caravan', scenario);
    const peer = find('hocuspocus', scenario);
    if (caravan && peer) lines.push([`  (also) ${scenario.name} p99 vs peer`, `caravan ${ms(caravan.allSeen.p99)} vs ${ms(peer.allSeen.p99)}`, caravan.allSeen.p99 <= peer.allSeen.p99]);
  }
  for (const result of results.filter((entry) => entry.protocol === 'caravan')) {
    const durableP95 = result.durable?.p95 ?? Number.NaN;
    lines.push([
      `edit-to-durable p95 ≤ 100 ms, ${result.scenario.name}`,
      `edit → commit p95 ${ms(durableP95)} (→ ack read by the client p95 ${ms(result.acks.p95)})`,
      durableP95 <= TARGETS.durableP95Ms && result.acks.unacked === 0,
    ]);
  }
  if (history) {
    const coldP50 = percentile(history.cold, 50);
    lines.push([`cold join after ${history.moves.toLocaleString('en')} moves ≤ 25 ms`, `p50 ${ms(coldP50)}`, coldP50 <= TARGETS.coldJoinMs]);
    // The other reading of "loads": the server's side alone, each join's read + build (the lists run in step).
    const serverLoads = history.coldServerRead.map((read, index) => read + history.coldServerBuild[index]);
    const serverLoadP50 = percentile(serverLoads, 50);
    lines.push([`  (also) the server's own load of it ≤ 25 ms`, `read + build p50 ${ms(serverLoadP50)}`, serverLoadP50 <= TARGETS.coldJoinMs]);
    lines.push([`trip after ${history.moves.toLocaleString('en')} moves ≤ 256 KB`, kb(history.persistedBytes), history.persistedBytes <= TARGETS.persistedBytes]);
  }
  for (const [name, figure, ok] of lines) log(`${verdict(ok)}  ${name.padEnd(46)} ${figure}`);
}
