/**
 * The day model is walked twice: by the planner (./dayPlanner/daySimulation.ts, whole minutes over its matrix) and
 * by the page (shared computeSchedule, over the stops' legs). A plan applied as the app applies it (the order, and
 * an overnight mark on each day's last stop) must show on the page as the days the plan promised.
 */
import { describe, expect, it } from 'vitest';
import { computeSchedule, type ScheduleStopInput } from '@caravan/shared';
import { dayPlanInstance, type DayPlanInstanceOptions } from '../test/dayPlanInstances.ts';
import { planDays, type DayPlan } from './dayPlanner.ts';

/** The trip's stops in the plan's order, as the document holds them once the plan is applied; legs from the matrix. */
function applied(trip: ReturnType<typeof dayPlanInstance>, plan: DayPlan): ScheduleStopInput[] {
  const index = new Map(trip.stops.map((stop, k) => [stop.id, k]));
  const sleepsAt = new Set(plan.after.days.map((day) => day.sleepsAt));
  return plan.order.map((id, position) => {
    const k = index.get(id)!;
    const from = position === 0 ? null : index.get(plan.order[position - 1])!;
    return { ...trip.stops[k], overnight: sleepsAt.has(id), estimatedDriveMinutes: from === null ? null : trip.matrix.minutes[from][k] };
  });
}

const cases: Array<[seed: number, DayPlanInstanceOptions]> = [
  [1, { stops: 8, withHours: 1, everyDay: false, spreadMinutes: 90 }],
  [5, { stops: 10, withHours: 0.6, everyDay: true, spreadMinutes: 150 }],
  [7, { stops: 40, withHours: 0.5, everyDay: false, spreadMinutes: 200, longestStay: 60 }],
  [11, { stops: 25, withHours: 0, everyDay: true, spreadMinutes: 300 }],
];

describe('a plan of days, applied', () => {
  it.each(cases)('shows on the page as the days it promised (seed %i)', (seed, options) => {
    const trip = dayPlanInstance(seed, options);
    const plan = planDays({ ...trip, now: 0, endAtLast: false, pinnedStopIds: [] });
    const { startDate, departureTime, earliestDeparture, latestArrival, dailyDriveLimitMinutes } = trip.settings;
    const schedule = computeSchedule({ startDate, departureTime, earliestDeparture, arrivalTime: latestArrival, dailyDriveLimitMinutes }, applied(trip, plan));

    expect(plan.after.days.length).toBeGreaterThan(1);
    // The planner's days list the stop they leave from; the page's list the stops they arrive at (day 1: the first too).
    const promised = plan.after.days.map((day, k) => ({ date: day.date, stopIds: k === 0 ? day.stopIds : day.stopIds.slice(1), driveMinutes: day.driveMinutes }));
    expect(schedule.days.map((day) => ({ date: day.date, stopIds: day.stopIds, driveMinutes: day.drivingMinutes }))).toEqual(promised);
    const closedOnPage = schedule.stops.filter((stop) => stop.warnings.some((warning) => warning.kind === 'closed')).map((stop) => stop.stopId);
    expect(closedOnPage.sort()).toEqual(plan.after.unmet.filter((miss) => miss.kind === 'closed').map((miss) => miss.stopId).sort());
  });
});
