/**
 * The time-window search's budget, counted in work rather than read off a clock, so the same trip and seed give
 * the same order however busy the machine is. One unit is one move looked at or one position whose clock is
 * walked (trying a move, or taking one): both are a few nanoseconds, so units track CPU time closely.
 */
export class WorkMeter {
  /** Units spent so far by every part of one search (the paths it keeps share one meter). */
  spent = 0;

  /**
   * @param budget units after which the search stops once its best path is on time.
   * @param lateBudget the same while no on-time path has been found: an on-time order is worth more than the budget.
   */
  constructor(
    readonly budget = Infinity,
    readonly lateBudget = budget,
  ) {}

  /** Whether a search whose path is late (or on time) has spent what it may. */
  exhausted(late: boolean): boolean {
    return this.spent >= (late ? this.lateBudget : this.budget);
  }
}
