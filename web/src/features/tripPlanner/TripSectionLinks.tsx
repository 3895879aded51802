/**
 * A phone's way round the trip page (docs/product.md#trip-page): the page stacks the stops, the map and the
 * story in one column, so a bar that stays at the top links to each. Plain in-page links, so the browser
 * scrolls and moves the reading position; the stylesheet shows the bar only up to 900 px, where the columns stack.
 */
import { tripPageMessages } from './messages.ts';

const text = tripPageMessages.sections;

/** The ids the links point at, on the stops section, the map's column and the trip view's column. */
export const TRIP_SECTION_IDS = { stops: 'trip-stops', map: 'trip-map', story: 'trip-story' } as const;

export function TripSectionLinks() {
  return (
    <nav className="trip-sections" aria-label={text.label}>
      <a href={`#${TRIP_SECTION_IDS.stops}`}>{text.stops}</a>
      <a href={`#${TRIP_SECTION_IDS.map}`}>{text.map}</a>
      <a href={`#${TRIP_SECTION_IDS.story}`}>{text.story}</a>
    </nav>
  );
}
