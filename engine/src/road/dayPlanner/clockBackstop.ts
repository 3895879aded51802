/**
 * A day plan's searches are bound by counts, so the same trip always gets the same plan however busy the machine.
 * Past BACKSTOP_FROM_STOPS stops the counts alone let one plan run for minutes (a walk of a thousand stops with
 * opening hours takes tens of ms), so there a clock stops each search too.
 */
export const BACKSTOP_FROM_STOPS = 200;

/** `ms` for a trip of `stops` past BACKSTOP_FROM_STOPS; no clock (Infinity) for a smaller one. */
export const clockBackstopMs = (stops: number, ms: number): number => (stops > BACKSTOP_FROM_STOPS ? ms : Infinity);
