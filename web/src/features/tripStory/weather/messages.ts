/** Texts of the itinerary's weather (docs/product.md#weather). */
export const weatherMessages = {
  sun: (sunrise: string, sunset: string) => `Sunrise ${sunrise} · Sunset ${sunset}`,
  noSunset: 'No sunrise or sunset this day',
  needsConnection: 'Weather needs a connection to a weather service; sunrise and sunset are shown.',
  incomplete: 'The weather service did not answer for some days; they show no weather for now.',
  keptAsOf: (when: string) => `Weather as of ${when} (offline).`,
  source: 'Weather data by',
  licence: '(CC BY 4.0)',
  afterSunset: (place: string, arrival: string, sunset: string) => `Drives in the dark: arrives at ${place} at ${arrival}, after sunset (${sunset})`,
  beforeSunrise: (place: string, arrival: string, sunrise: string) => `Drives in the dark: arrives at ${place} at ${arrival}, before sunrise (${sunrise})`,
};
