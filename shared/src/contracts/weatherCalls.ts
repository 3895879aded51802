/** The contracts of a trip's weather: by trip for its members, by share link for anyone who has it. */
import { defineCall } from './defineCall.ts';
import { ZSharedTripWeatherRequest, ZTripWeatherRequest, ZTripWeatherResponse } from './weather.ts';

export const weatherCalls = {
  weather: {
    /** Every stop-day of the trip with its weather (members). */
    trip: defineCall({ method: 'POST', path: '/trips/weather', request: ZTripWeatherRequest, response: ZTripWeatherResponse }),
    /** The same for a shared trip, to anyone with the link. */
    shared: defineCall({ method: 'POST', path: '/trips/public/weather', request: ZSharedTripWeatherRequest, response: ZTripWeatherResponse }),
  },
};
