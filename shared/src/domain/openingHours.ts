/**
 * OpenStreetMap `opening_hours` text, read by the opening_hours library (the parser OpenStreetMap's own
 * tools use). Parsing costs ~0.5 ms, and the schedule, the exports and the day planner read a stop's hours many
 * times, so each distinct text is parsed once and kept, the least recently used dropped first: a full cache no
 * longer forgets the texts in use (a thousand-stop trip of distinct texts beside other trips stays parsed).
 */
import { LRUCache } from 'lru-cache';
import OpeningHours from 'opening_hours';

/** Distinct texts kept; a trip has at most a thousand stops, so this only bounds what a hostile caller can make us hold. */
export const OPENING_HOURS_KEPT = 2_000;

/**
 * OpenStreetMap's limit for a tag's value, and the most the parser is given: its tokenizer takes time that grows
 * with the square of the text (10,000 combining marks took 2.5 s, 87,000 minutes), so a longer text, from a
 * request or a trip document alike, is refused before it is read.
 */
export const OPENING_HOURS_MAX_LENGTH = 255;

/**
 * A reader of `opening_hours` texts keeping the last `kept` distinct texts parsed (an invalid one too, as false:
 * the cache holds no null).
 */
export function openingHoursReader(kept: number): (text: string) => OpeningHours | null {
  const parsed = new LRUCache<string, OpeningHours | false>({ max: kept });
  return (text) => {
    if (text.length > OPENING_HOURS_MAX_LENGTH) return null;
    const known = parsed.get(text);
    if (known !== undefined) return known || null;
    let hours: OpeningHours | false;
    try {
      // mode 0: time ranges only (no points in time), as a place's hours are written.
      hours = new OpeningHours(text, null, 0);
    } catch {
      hours = false;
    }
    parsed.set(text, hours);
    return hours || null;
  };
}

/** The parsed hours of `text`, or null when it is not valid `opening_hours` syntax or longer than the limit. */
export const parseOpeningHours = openingHoursReader(OPENING_HOURS_KEPT);

export const isOpeningHours = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && parseOpeningHours(value) !== null;
