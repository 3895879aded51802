import { describe, expect, it } from 'vitest';
import { dayDirections, directionsUrl, GOOGLE_DIRECTIONS_MAX_WAYPOINTS, routeDirections } from './googleDirections.ts';

const stop = (index: number, plannedArrivalDate: string | null = null) => ({
  latitude: 35 + index / 100,
  longitude: -100 - index / 100,
  plannedArrivalDate,
});
const params = (url: string) => new URL(url.replace(/\|/g, '%7C')).searchParams;

describe('Google Maps directions links', () => {
  it('joins origin, waypoints and destination in the documented URL form', () => {
    expect(
      directionsUrl([
        { latitude: 41.878113, longitude: -87.629799 },
        { latitude: 38.627, longitude: -90.1994 },
        { latitude: 36.15398, longitude: -95.99277 },
        { latitude: 35.1983, longitude: -101.8313 },
      ]),
    ).toBe(
      'https://www.google.com/maps/dir/?api=1&origin=41.87811,-87.6298&destination=35.1983,-101.8313' +
        '&waypoints=38.627,-90.1994|36.15398,-95.99277&travelmode=driving',
    );
    expect(directionsUrl([stop(0), stop(1)])).toBe(
      'https://www.google.com/maps/dir/?api=1&origin=35,-100&destination=35.01,-100.01&travelmode=driving',
    );
  });

  it('splits a long route into segments of at most 9 waypoints that share their end stops', () => {
    const stops = Array.from({ length: 25 }, (_, index) => stop(index));
    const links = routeDirections(stops);
    expect(links.map((link) => [link.fromNumber, link.toNumber, link.stopCount])).toEqual([
      [1, 11, 11],
      [11, 21, 11],
      [21, 25, 5],
    ]);
    for (const link of links) {
      expect(params(link.url).get('waypoints')!.split('|').length).toBeLessThanOrEqual(GOOGLE_DIRECTIONS_MAX_WAYPOINTS);
      expect(params(link.url).get('travelmode')).toBe('driving');
    }
    expect(params(links[0].url).get('destination')).toBe(params(links[1].url).get('origin'));
    expect(params(links[2].url).get('destination')).toBe('35.24,-100.24');
  });

  it('leaves out stops without a position and numbers stops as the itinerary does', () => {
    const links = routeDirections([stop(0), { latitude: 0, longitude: 0 }, stop(2)]);
    expect(links).toHaveLength(1);
    expect([links[0].fromNumber, links[0].toNumber, links[0].stopCount]).toEqual([1, 3, 2]);
    expect(params(links[0].url).get('waypoints')).toBeNull();
    expect(routeDirections([stop(0)])).toEqual([]);
    expect(routeDirections([])).toEqual([]);
  });

  it('gives one link per planned day, from where the day before ended', () => {
    const days = dayDirections([
      stop(0, '2024-06-01'),
      stop(1, '2024-06-01'),
      stop(2), // undated: passed on the way to the next dated stop
      stop(3, '2024-06-02'),
      stop(4, '2024-06-03'),
      stop(5), // after the last dated stop: whole-route links only
    ]);
    expect(days.map((day) => [day.date, day.links.map((link) => [link.fromNumber, link.toNumber, link.stopCount])])).toEqual([
      ['2024-06-01', [[1, 2, 2]]],
      ['2024-06-02', [[2, 4, 3]]],
      ['2024-06-03', [[4, 5, 2]]],
    ]);
    expect(dayDirections([stop(0), stop(1)])).toEqual([]);
    // A first day of one stop has nowhere to drive from.
    expect(dayDirections([stop(0, '2024-06-01'), stop(1, '2024-06-02')]).map((day) => day.date)).toEqual(['2024-06-02']);
  });

  it("splits a long day like the whole route", () => {
    const day = Array.from({ length: 14 }, (_, index) => stop(index, '2024-06-01'));
    expect(dayDirections(day)[0].links.map((link) => [link.fromNumber, link.toNumber])).toEqual([
      [1, 11],
      [11, 14],
    ]);
  });
});
