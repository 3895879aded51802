/** bench:collab's command-line options, scenarios, targets and the shared clock and output of the run. */
import { setClockBase } from './client.ts';

const argv = new Set(process.argv.slice(2));
export const QUICK = argv.has('--quick');
/** --only=30,history: run just those scenarios (clients per trip; "200" for 200 trips; "history" for the cold join). */
export const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',') ?? null;
export const PROFILE = argv.has('--profile');
/** --seconds=60: measure each scenario this long per server (a steadier p99; default 10, 3 with --quick). */
const SECONDS = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.slice('--seconds='.length)) || null;
export const CONFIG = QUICK
  ? { warmupMs: 500, durationMs: (SECONDS ?? 3) * 1000, sliceMs: 1000, drainMs: 1000, coldJoinWarmups: 5, coldJoins: 5 }
  : { warmupMs: 1000, durationMs: (SECONDS ?? 10) * 1000, sliceMs: 2000, drainMs: 1000, coldJoinWarmups: 20, coldJoins: 15 };
export const MOVE_INTERVAL_MS = 200;
export const STOPS_PER_TRIP = 10;
export const CLIENT_PROCESSES = 2;
/** --nice-clients: run the client processes at niceness 10, so the servers and PostgreSQL get the CPU first. */
export const CLIENT_NICENESS = argv.has('--nice-clients') ? 10 : 0;
export const HISTORY_MOVES = 10_000;
export const SCENARIOS = [
  { name: '2 clients, 1 trip', trips: 1, perTrip: 2 },
  { name: '10 clients, 1 trip', trips: 1, perTrip: 10 },
  { name: '30 clients, 1 trip', trips: 1, perTrip: 30 },
  { name: '100 clients, 1 trip', trips: 1, perTrip: 100 },
  { name: '200 trips × 5 clients', trips: 200, perTrip: 5 },
];
export type Scenario = (typeof SCENARIOS)[number];
export const TARGETS = { p99At30Ms: 20, durableP95Ms: 100, coldJoinMs: 25, persistedBytes: 256 * 1024 };

/** Every process of the run reads the same monotonic clock, counted from here. */
export const clockBase = process.hrtime.bigint();
setClockBase(clockBase);

export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
export const log = (line: string) => console.log(line);
const benchStart = Date.now();
export const progress = (line: string) => process.stderr.write(`· ${((Date.now() - benchStart) / 1000).toFixed(0).padStart(3)} s  ${line}\n`);
