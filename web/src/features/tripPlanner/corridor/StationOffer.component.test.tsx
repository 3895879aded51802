/**
 * The stations offered where the range runs out, on their own (jsdom, over a real trip document; the server's answer
 * stands in for fetch): Find fuel asks for the stretch since the last fill and lists the three within reach, furthest
 * along, with their distance, detour and hours; Add puts one into its leg as a stop that refuels (one Undo); without
 * a server the kept answer shows with its age, and with none kept the search says it needs a connection; an electric
 * car asks for chargers; a viewer sees no Add. The live search against the Overpass stand-in, and the warning clearing
 * for a second member, are test/e2e/vehicleRange.test.ts's.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render as renderBare, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { addStop, metaMap, orderedStops, refuelsAt, stopsMap, walkRange, type CorridorCategory, type TCorridorPlace, type TCorridorSearchResponse, type TVehicle } from '@caravan/shared';
import { LOCAL_ORIGIN, transactLocal } from '../../../lib/collab/localEdit.ts';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { StationOffer } from './StationOffer.tsx';

const TRIP = '11111111-1111-4111-8111-111111111111';

const render = (children: ReactNode) => renderBare(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>);

/** A → B → C along a parallel, 300 and 240 km: a 500 km tank runs out 200 km after B. */
function trip(vehicle: TVehicle) {
  const doc = new Y.Doc();
  addStop(doc, 'a', { name: 'Arcata', latitude: 40, longitude: -124 });
  addStop(doc, 'b', { name: 'Bend', latitude: 40, longitude: -120.47 });
  addStop(doc, 'c', { name: 'Caldwell', latitude: 40, longitude: -117.65 });
  metaMap(doc).set('vehicle', vehicle);
  const undoManager = new Y.UndoManager(stopsMap(doc), { trackedOrigins: new Set([LOCAL_ORIGIN]) });
  return { doc, undoManager, transact: <T,>(edit: () => T) => transactLocal(doc, edit) } as unknown as TripConnection;
}

const RUN_OUT = { lastFillStopId: 'a', stopId: 'c', kmAfter: 200, fraction: 200 / 240 };
const fuelCar: TVehicle = { kind: 'fuel', rangeKm: 500, reservePercent: 0, departureFillPercent: 100 };

const place = (id: string, alongKm: number, category: CorridorCategory = 'fuel', extra: Partial<TCorridorPlace> = {}): TCorridorPlace => ({
  id,
  name: id,
  category,
  address: '',
  latitude: 40.01,
  longitude: -124 + alongKm / 85,
  alongKm,
  offRouteKm: 0.4,
  leg: alongKm < 300 ? { fromStopId: 'a', toStopId: 'b' } : { fromStopId: 'b', toStopId: 'c' },
  detourMinutes: 3,
  detourSource: 'osrm',
  ...extra,
});

const ANSWER: TCorridorSearchResponse = {
  places: [place('Early Gas', 100), place('Bend Fuel', 310), place('Midway Shell', 420), place('Last Chevron', 480, 'fuel', { openingHours: 'Mo-Su 06:00-22:00' }), place('Too Far Gas', 520), place('Volt Hub', 450, 'charging', { plugs: ['ccs'], powerKw: 150 })],
  routeKm: 540,
  connection: 'live',
  fetchedAt: '2027-06-01T08:00:00.000Z',
  missingKm: 0,
  truncated: false,
};

let asked: unknown[] = [];
function serverAnswers(answer: TCorridorSearchResponse | Error) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      // The session (for the reader's unit): none, so the unit follows the browser's locale.
      if (!url.endsWith('/trips/corridor/search')) return new Response('{}', { status: 401 });
      asked.push(JSON.parse(String(init.body)));
      if (answer instanceof Error) throw answer;
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  asked = [];
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the stations offered where the range runs out', () => {
  it('finds the three within reach, furthest along, and adds one into its leg as a stop that refuels, in one Undo', async () => {
    const user = userEvent.setup();
    const connection = trip(fuelCar);
    serverAnswers(ANSWER);
    render(<StationOffer tripId={TRIP} connection={connection} canEdit runOut={RUN_OUT} />);
    await user.click(screen.getByRole('button', { name: 'Find fuel before Caldwell' }));
    expect(asked).toEqual([{ tripId: TRIP, fromStopId: 'a', toStopId: 'c', categories: ['fuel'], widthKm: 5, plugs: [], minPowerKw: null }]);

    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')!.textContent)).toEqual(['Bend Fuel', 'Midway Shell', 'Last Chevron']);
    expect(items[2].textContent).toMatch(/480 km from Arcata|298 mi from Arcata/);
    expect(items[2].textContent).toContain('+3 min detour by road');
    expect(items[2].textContent).toContain('Hours: Mo-Su 06:00-22:00');
    expect(screen.getByRole('status').textContent).toContain('3 stations within reach before the range runs out.');

    await user.click(screen.getByRole('button', { name: 'Add Last Chevron to the trip as a fuel stop' }));
    const stops = orderedStops(connection.doc);
    expect(stops.map((stop) => stop.name)).toEqual(['Arcata', 'Bend', 'Last Chevron', 'Caldwell']);
    expect(refuelsAt(stops[2])).toBe(true);
    // Filled 180 km after Bend, the car reaches Caldwell: no run-out left.
    expect(walkRange(fuelCar, stops, [{ distanceKm: null }, { distanceKm: 300 }, { distanceKm: 180 }, { distanceKm: 60 }])).toEqual([]);
    await screen.findByText('In the trip');

    act(() => connection.undoManager.undo());
    expect(orderedStops(connection.doc).map((stop) => stop.name)).toEqual(['Arcata', 'Bend', 'Caldwell']);
  });

  it('says the search needs a connection and shows what was found before, with its age, when the server cannot be reached', async () => {
    const user = userEvent.setup();
    const connection = trip(fuelCar);
    serverAnswers(ANSWER);
    const first = render(<StationOffer tripId={TRIP} connection={connection} canEdit runOut={RUN_OUT} />);
    await user.click(screen.getByRole('button', { name: 'Find fuel before Caldwell' }));
    await screen.findByRole('list');
    first.unmount();

    serverAnswers(new TypeError('Failed to fetch'));
    render(<StationOffer tripId={TRIP} connection={connection} canEdit runOut={RUN_OUT} />);
    await user.click(screen.getByRole('button', { name: 'Find fuel before Caldwell' }));
    await screen.findByRole('list');
    const status = screen.getByRole('status').textContent!;
    expect(status).toContain('Searching along the route needs a connection to the places service.');
    expect(status).toMatch(/Showing places found .+ ago\./);
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(3);
  });

  it('says the search needs a connection, not "Failed to fetch", when the server cannot be reached and nothing was found before', async () => {
    const user = userEvent.setup();
    serverAnswers(new TypeError('Failed to fetch'));
    render(<StationOffer tripId={TRIP} connection={trip(fuelCar)} canEdit runOut={RUN_OUT} />);
    await user.click(screen.getByRole('button', { name: 'Find fuel before Caldwell' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Searching along the route needs a connection to the places service.');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('asks an electric car’s search for chargers, and says so when none is within reach', async () => {
    const user = userEvent.setup();
    const connection = trip({ ...fuelCar, kind: 'electric' });
    serverAnswers({ ...ANSWER, places: ANSWER.places.filter((found) => found.category === 'charging' || found.alongKm > 500) });
    render(<StationOffer tripId={TRIP} connection={connection} canEdit runOut={RUN_OUT} />);
    await user.click(screen.getByRole('button', { name: 'Find a charger before Caldwell' }));
    await screen.findByText('Volt Hub');
    expect(asked).toMatchObject([{ categories: ['charging'] }]);
    expect(screen.getByText(/CCS · 150 kW/)).toBeDefined();

    serverAnswers({ ...ANSWER, places: [place('Too Far Volt', 530, 'charging')] });
    await user.click(screen.getByRole('button', { name: 'Find a charger before Caldwell' }));
    await screen.findByText(/No station within reach along the route/);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lets a viewer look but not add', async () => {
    const user = userEvent.setup();
    serverAnswers(ANSWER);
    render(<StationOffer tripId={TRIP} connection={trip(fuelCar)} canEdit={false} runOut={RUN_OUT} />);
    await user.click(screen.getByRole('button', { name: 'Find fuel before Caldwell' }));
    await screen.findByRole('list');
    expect(screen.queryByRole('button', { name: /^Add / })).toBeNull();
  });
});
