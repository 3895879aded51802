/**
 * Today's next stop with its weather (jsdom): Seattle to Portland on a December afternoon with the weather answer the
 * page got. Under Portland's forecast, Open-Meteo's credit with its link; no credit where Today shows no weather (the
 * sun alone) or where the answer carries no credit.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { computeSchedule, stopDayKey, WEATHER_ATTRIBUTION, type TDayWeather, type TTripStop, type TTripWeatherResponse } from '@caravan/shared';
import { WeatherContext } from '../weather/weatherContext.ts';
import { NextStop } from './NextStop.tsx';

const STOPS = [
  { id: 'seattle', name: 'Seattle', notes: null, address: null, visited: false, latitude: 47.6062, longitude: -122.3321 },
  { id: 'portland', name: 'Portland', notes: null, address: null, visited: false, latitude: 45.5152, longitude: -122.6784, estimatedDriveMinutes: 240 },
] as TTripStop[];
const SCHEDULE = computeSchedule({ startDate: '2031-12-04', departureTime: '15:00', arrivalTime: '21:00' }, STOPS);
const PORTLAND = SCHEDULE.stops[1];
const FORECAST: TDayWeather = {
  kind: 'forecast',
  maxC: 9.4,
  minC: 3,
  precipitationProbability: 70,
  weatherCode: 61,
  windMaxKmh: 22,
  arrival: { temperatureC: 5, weatherCode: 3, precipitationProbability: 60 },
  asOf: '2031-12-02T08:00:00Z',
};

function renderNext(byStopDay: Map<string, TDayWeather>, attribution: string | null) {
  const answer: TTripWeatherResponse = { provider: 'open-meteo', incomplete: false, stopDays: [], attribution };
  const weather = { byStopDay, answer, keptAt: null, failed: false, stopsById: new Map(STOPS.map((stop) => [stop.id, stop])) };
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WeatherContext.Provider value={weather}>
        <NextStop next={PORTLAND} stop={STOPS[1]} from={STOPS[0]} nowMs={Date.parse('2031-12-04T20:00:00Z')} actions={null} />
      </WeatherContext.Provider>
    </QueryClientProvider>,
  );
}

describe("Today's next stop", () => {
  it('credits Open-Meteo under the weather it shows', () => {
    expect(PORTLAND.date).toBe('2031-12-04');
    const { container } = renderNext(new Map([[stopDayKey('portland', '2031-12-04'), FORECAST]]), WEATHER_ATTRIBUTION);
    expect(container.querySelector('[data-weather="forecast"]')).not.toBeNull();
    const credit = screen.getByRole('link', { name: 'Open-Meteo.com' });
    expect(credit.getAttribute('href')).toBe('https://open-meteo.com/');
    expect(credit.parentElement!.textContent).toBe(WEATHER_ATTRIBUTION);
  });

  it('credits no one where it shows no weather, or the answer carries no credit', () => {
    const sunAlone = renderNext(new Map(), WEATHER_ATTRIBUTION);
    expect(sunAlone.container.querySelector('[data-weather="none"]')).not.toBeNull();
    expect(screen.queryByRole('link', { name: 'Open-Meteo.com' })).toBeNull();
    sunAlone.unmount();
    renderNext(new Map([[stopDayKey('portland', '2031-12-04'), FORECAST]]), null);
    expect(screen.queryByRole('link', { name: 'Open-Meteo.com' })).toBeNull();
  });
});
