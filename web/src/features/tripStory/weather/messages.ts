/** Texts of the itinerary's weather (docs/product.md#weather). */
import { messages } from '@caravan/shared';

export const weatherMessages = {
  sun: (sunrise: string, sunset: string) => `Sunrise ${sunrise} · Sunset ${sunset}`,
  noSunset: 'No sunrise or sunset this day',
  needsConnection: 'Weather needs a connection to a weather service; sunrise and sunset are shown.',
  incomplete: 'The weather service did not answer for some days; they show no weather for now.',
  keptAsOf: (when: string) => `Weather as of ${when} (offline).`,
  /** The exports' words (shared), so the day header, the map, the PDF and the calendar warn alike. */
  darkDrive: messages.tripExport.file.darkDrive,
};
