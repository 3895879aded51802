/**
 * OpenStreetMap `opening_hours` text, read by the opening_hours library (the parser OpenStreetMap's own
 * tools use). Parsing costs ~0.5 ms, so each distinct text is parsed once and kept.
 */
import OpeningHours from 'opening_hours';

const parsed = new Map<string, OpeningHours | null>();
/** Distinct texts kept; a trip has a few dozen, so this only bounds what a hostile caller can make us hold. */
const MAX_KEPT = 2_000;

/**
 * OpenStreetMap's limit for a tag's value, and the most the parser is given: its tokenizer takes time that grows
 * with the square of the text (10,000 combining marks took 2.5 s, 87,000 minutes), so a longer text, from a
 * request or a trip document alike, is refused before it is read.
 */
export const OPENING_HOURS_MAX_LENGTH = 255;

/** The parsed hours of `text`, or null when it is not valid `opening_hours` syntax or longer than the limit. */
export function parseOpeningHours(text: string): OpeningHours | null {
  if (text.length > OPENING_HOURS_MAX_LENGTH) return null;
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
