/** The itinerary's weather for its day headers and stop cards: each stop-day's weather and where the stops are. */
import { createContext, useContext } from 'react';
import type { TTripStop } from '@caravan/shared';
import type { TripWeatherState } from '../../../lib/weather/useTripWeather.ts';

export interface WeatherContextValue extends TripWeatherState {
  stopsById: Map<string, TTripStop>;
}

export const WeatherContext = createContext<WeatherContextValue | null>(null);

export const useWeatherContext = () => useContext(WeatherContext);
