/**
 * OpenStreetMap `opening_hours` text, read by the opening_hours library (the parser OpenStreetMap's own
 * tools use). Parsing costs ~0.5 ms, so each distinct text is parsed once and kept.
 */
import OpeningHours from 'opening_hours';

const parsed = new Map<string, OpeningHours | null>();
/** Distinct texts kept; a trip has a few dozen, so this only bounds what a hostile caller can make us hold. */
const MAX_KEPT = 2_000;

/** The parsed hours of `text`, or null when it is not valid `opening_hours` syntax. */
export function parseOpeningHours(text: string): OpeningHours | null {
  const known = parsed.get(text);
  if (known !== undefined) return known;
  let hours: OpeningHours | null;
  try {
    // mode 0: time ranges only (no points in time), as a place's hours are written.
    hours = new OpeningHours(text, null, 0);
  } catch {
    hours = null;
  }
  if (parsed.size >= MAX_KEPT) parsed.clear();
  parsed.set(text, hours);
  return hours;
}

export const isOpeningHours = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && parseOpeningHours(value) !== null;
