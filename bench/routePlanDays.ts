/**
 * bench:route's "Plan my days" line: the day planner on 200-stop trips where half the stops open for an hour or
 * so on one weekday (laid around a hidden order that meets them all over about two weeks), with stays of
 * 15–40 min, five seeds; planner time (the drive matrix is built apart and printed apart) p50/max, beside the
 * planner as it was before the clock-aware order (shortest order and swaps) from the same run, with each one's
 * unmet constraints, days and driving. Target: the planner under 1 s on every seed, never meeting fewer
 * constraints than the old one.
 */
import { planDays, type DayPlan } from '@caravan/engine';
import { dayPlanInstance } from '@caravan/engine/test';

const SEEDS = [1, 2, 3, 4, 5];
const TIME_TARGET_MS = 1000;
const TRIP = { stops: 200, withHours: 0.5, everyDay: false, spreadMinutes: 40, longestStay: 40 } as const;

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** Wall-clock and CPU milliseconds: on a shared machine the CPU time says what the planner itself costs. */
function timedMs<T>(fn: () => T): { result: T; ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = fn();
  const used = process.cpuUsage(cpu);
  return { result, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

const summary = ({ after }: DayPlan) =>
  `${after.unmet.length} unmet (${after.unmet.filter((miss) => miss.kind === 'closed').length} closed), ${after.days.length} days, ` +
  `${after.days.reduce((sum, day) => sum + day.driveMinutes, 0)} min driving`;

/** Runs the line; true when every target passed. */
export function benchPlanDays(): boolean {
  // Warm the JIT (both solvers, the day walk, the opening-hours reads) on a throwaway trip.
  const warm = dayPlanInstance(99, { ...TRIP, stops: 60 });
  planDays({ ...warm, now: 0, endAtLast: false, pinnedStopIds: [] });
  console.log(`\nPlan my days: ${TRIP.stops} stops, half with one weekday's opening hours, stays 15–40 min, ${SEEDS.length} seeds:`);
  let allPass = true;
  const ours: number[] = [];
  const before: number[] = [];
  for (const seed of SEEDS) {
    const built = timedMs(() => dayPlanInstance(seed, TRIP));
    const input = { ...built.result, now: 0, endAtLast: false, pinnedStopIds: [] };
    const old = timedMs(() => planDays({ ...input, byTimeWindows: false }));
    const run = timedMs(() => planDays(input));
    ours.push(run.ms);
    before.push(old.ms);
    const pass = run.ms < TIME_TARGET_MS && run.result.after.unmet.length <= old.result.after.unmet.length;
    allPass &&= pass;
    console.log(
      `seed ${seed}: matrix ${fixed(built.ms)} ms apart | ours ${fixed(run.ms)} ms (cpu ${fixed(run.cpuMs)}): ${summary(run.result)} | ` +
        `shortest order + swaps ${fixed(old.ms)} ms (cpu ${fixed(old.cpuMs)}): ${summary(old.result)} | ${pass ? 'PASS' : 'FAIL'} (< 1 s, no more unmet)`,
    );
  }
  console.log(
    `planner time p50/max: ours ${fixed(median(ours))}/${fixed(Math.max(...ours))} ms, ` +
      `shortest order + swaps ${fixed(median(before))}/${fixed(Math.max(...before))} ms`,
  );
  return allPass;
}
