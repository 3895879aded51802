/**
 * The itinerary's weather pieces on their own (jsdom): a stop-day with a forecast shows its figures and its sun, a
 * far one its normals marked as such, one without weather its sunrise and sunset alone; the note says weather needs
 * a connection when the server has no weather service, and credits Open-Meteo when it has.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stopDayKey, WEATHER_ATTRIBUTION, type TDayWeather, type TTripStop, type TTripWeatherResponse } from '@caravan/shared';
import { StopDayWeather } from './StopDayWeather.tsx';
import { WeatherContext } from './weatherContext.ts';
import { WeatherNote } from './WeatherNote.tsx';

const SEATTLE = { id: 'seattle', name: 'Seattle', latitude: 47.6062, longitude: -122.3321 } as TTripStop;
const FORECAST: TDayWeather = {
  kind: 'forecast',
  maxC: 21.4,
  minC: 12,
  precipitationProbability: 40,
  weatherCode: 61,
  windMaxKmh: 18,
  arrival: { temperatureC: 17, weatherCode: 2, precipitationProbability: 10 },
  asOf: '2031-06-19T08:00:00Z',
};
const NORMALS: TDayWeather = { ...FORECAST, kind: 'normals', arrival: null, years: 10 };

function withWeather(byStopDay: Map<string, TDayWeather>, children: React.ReactNode) {
  const answer: TTripWeatherResponse = { provider: 'open-meteo', incomplete: false, stopDays: [], attribution: WEATHER_ATTRIBUTION };
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WeatherContext.Provider value={{ byStopDay, answer, keptAt: null, failed: false, stopsById: new Map([[SEATTLE.id, SEATTLE]]) }}>{children}</WeatherContext.Provider>
    </QueryClientProvider>,
  );
}

const ZONE = 'America/Los_Angeles';

describe("a stop-day's weather", () => {
  it('shows the forecast with its arrival hour, and the sun in the stop’s zone', () => {
    const { container } = withWeather(new Map([[stopDayKey('seattle', '2031-06-21'), FORECAST]]), <StopDayWeather stopId="seattle" date="2031-06-21" zone={ZONE} withArrival />);
    const text = container.textContent!;
    expect(text).toMatch(/21°C \/ 12°C · Rain · 40 % rain · wind 18 km\/h|71°F \/ 54°F · Rain · 40 % rain · wind 11 mph/);
    expect(text).toMatch(/on arrival, partly cloudy/);
    expect(text).toContain('Sunrise 5:11 AM · Sunset 9:10 PM');
    expect(container.querySelector('[data-weather="forecast"]')).not.toBeNull();
  });

  it('marks normals as such, and shows the sun alone where there is no weather', () => {
    const normals = withWeather(new Map([[stopDayKey('seattle', '2031-08-01'), NORMALS]]), <StopDayWeather stopId="seattle" date="2031-08-01" zone={ZONE} />);
    expect(normals.container.textContent).toMatch(/^Usually .*\(10-year average\)/);
    normals.unmount();
    const none = withWeather(new Map(), <StopDayWeather stopId="seattle" date="2031-12-21" zone={ZONE} />);
    expect(none.container.textContent).toBe('Sunrise 7:54 AM · Sunset 4:20 PM');
  });
});

describe('the weather note', () => {
  const state = (answer: TTripWeatherResponse | null, failed = false) => ({ byStopDay: new Map(), answer, keptAt: null, failed });

  it('says weather needs a connection without a weather service, and credits Open-Meteo with one', () => {
    const none = render(<WeatherNote hasDays weather={state({ provider: 'none', incomplete: false, stopDays: [], attribution: null })} />);
    expect(none.container.textContent).toContain('Weather needs a connection');
    none.unmount();
    render(<WeatherNote hasDays weather={state({ provider: 'open-meteo', incomplete: true, stopDays: [], attribution: WEATHER_ATTRIBUTION })} />);
    expect(screen.getByRole('link', { name: 'Open-Meteo.com' }).getAttribute('href')).toBe('https://open-meteo.com/');
    expect(screen.getByText(/did not answer for some days/)).toBeTruthy();
  });

  it('says nothing while the first answer is on its way, and needs a connection when it failed', () => {
    expect(render(<WeatherNote hasDays weather={state(null)} />).container.textContent).toBe('');
    expect(render(<WeatherNote hasDays weather={state(null, true)} />).container.textContent).toContain('needs a connection');
  });
});
