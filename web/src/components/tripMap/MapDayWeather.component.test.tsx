/**
 * The map's weather of the day shown alone, and of a stop's popup (jsdom): Seattle to Portland on a December
 * afternoon with the weather answer the page got. The day lists Portland's forecast and its arrival hour, the sun
 * where the day ends, the drive in the dark in the exports' words once the owner wants the warning (and not before),
 * the credit, and "as of" for an answer kept offline; a far day's normals are marked as such; a popup adds the sun.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { computeSchedule, stopDayKey, WEATHER_ATTRIBUTION, type TDayWeather } from '@caravan/shared';
import { toMapStops } from './mapData.ts';
import { MapDayWeather } from './MapDayWeather.tsx';
import { daySkyOf, mapWeatherOf, stopSkyOf } from './mapWeather.ts';
import { StopSkyText } from './StopSkyText.tsx';

const STOPS = [
  { id: 'seattle', name: 'Seattle', notes: null, address: null, visited: false, latitude: 47.6062, longitude: -122.3321 },
  { id: 'portland', name: 'Portland', notes: null, address: null, visited: false, latitude: 45.5152, longitude: -122.6784, estimatedDriveMinutes: 240 },
  { id: 'eureka', name: 'Eureka', notes: null, address: null, visited: false, latitude: 40.8021, longitude: -124.1637, plannedArrivalDate: '2032-01-20', estimatedDriveMinutes: 420 },
];
const SCHEDULE = computeSchedule({ startDate: '2031-12-04', departureTime: '15:00', arrivalTime: '21:00' }, STOPS);
const MAP_STOPS = toMapStops(STOPS, SCHEDULE.days);
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
const NORMALS: TDayWeather = { ...FORECAST, kind: 'normals', arrival: null, years: 10 };
const BY_STOP_DAY = new Map([
  [stopDayKey('portland', '2031-12-04'), FORECAST],
  [stopDayKey('eureka', '2032-01-20'), NORMALS],
]);

function weatherOf(warnAfterSunset: boolean, keptAt: number | null = null) {
  return mapWeatherOf(SCHEDULE, STOPS, { byStopDay: BY_STOP_DAY, attribution: WEATHER_ATTRIBUTION, keptAt }, warnAfterSunset);
}

function renderDay(dayIndex: number, weather = weatherOf(true)) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MapDayWeather label={`Day ${dayIndex + 1}`} sky={daySkyOf(weather, MAP_STOPS, dayIndex)} weather={weather} nameOf={(id) => STOPS.find((stop) => stop.id === id)!.name} />
    </QueryClientProvider>,
  );
}

describe("the map's weather of one day", () => {
  it("lists the day's stops with the forecast and arrival, the sun where it ends, the drive in the dark and the credit", () => {
    expect(SCHEDULE.days.map((day) => day.date)).toEqual(['2031-12-04', expect.any(String)]);
    const { container } = renderDay(0);
    expect(screen.getByText('Weather · Day 1').tagName).toBe('SUMMARY');
    const portland = container.querySelector('li:has([data-weather="forecast"])')!.textContent!;
    expect(portland).toMatch(/^Portland (9°C \/ 3°C · Rain · 70 % rain · wind 22 km\/h|49°F \/ 37°F · Rain · 70 % rain · wind 14 mph) · (5°C|41°F) on arrival, overcast$/);
    expect(container.querySelector('.map-day-sun')!.textContent).toBe('At Portland: sunrise 7:33 AM · sunset 4:27 PM');
    expect(container.querySelector('.map-dark-drive')!.textContent).toBe('Drives in the dark: arrives at Portland at 7:00 PM, after sunset (4:27 PM)');
    expect(screen.getByRole('link', { name: 'Open-Meteo.com' }).getAttribute('href')).toBe('https://open-meteo.com/');
    expect(container.querySelector('.map-weather-credit')!.textContent).not.toContain('offline');
  });

  it('warns of the dark only when the owner asked, and says "as of" for an answer kept offline', () => {
    const { container } = renderDay(0, weatherOf(false, Date.parse('2031-12-02T08:00:00Z')));
    expect(container.querySelector('.map-dark-drive')).toBeNull();
    expect(container.querySelector('.map-weather-credit')!.textContent).toMatch(/^Weather as of .*2031.* \(offline\)\. Weather data by Open-Meteo\.com \(CC BY 4\.0\)$/);
  });

  it('says in one line that a day has no weather (no weather service), and still gives its sun', () => {
    const { container } = renderDay(0, mapWeatherOf(SCHEDULE, STOPS, { byStopDay: new Map(), attribution: null, keptAt: null }, false));
    expect(container.querySelector('details')!.textContent).toBe('Weather · Day 1No weather for this dayAt Portland: sunrise 7:33 AM · sunset 4:27 PM');
  });

  it("marks a far day's normals as such, and a stop's popup adds its sun", () => {
    const { container } = renderDay(1);
    expect(container.querySelector('li')!.textContent).toMatch(/^Eureka Usually .* \(10-year average\)$/);
    const sky = stopSkyOf(weatherOf(true), MAP_STOPS[1])!;
    const popup = render(
      <QueryClientProvider client={new QueryClient()}>
        <StopSkyText sky={sky} withSun />
      </QueryClientProvider>,
    );
    expect(popup.container.textContent).toMatch(/on arrival, overcast · Sunrise 7:33 AM · sunset 4:27 PM$/);
  });
});
