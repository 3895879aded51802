/** The call contracts: each names one route, so no two calls can answer at the same method and path. */
import { describe, expect, it } from 'vitest';
import { callList, requestFields } from './callList.ts';
import { calls } from './calls.ts';

describe('call contracts', () => {
  it('give every call its own method and path', () => {
    const routes = callList.map(({ contract: { method, path } }) => `${method} ${path}`);
    expect(routes.length).toBeGreaterThan(40);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('name the fields of each request, through the text check requestObject wraps around it', () => {
    expect(requestFields(calls.stops.reorder)).toEqual(['tripId', 'stopId', 'newOrder']);
    expect(requestFields(calls.trips.list)).toEqual([]);
    expect(callList.find(({ name }) => name === 'stops.reorder')?.contract).toBe(calls.stops.reorder);
    expect(callList.find(({ name }) => name === 'config')?.contract).toBe(calls.config);
  });
});
