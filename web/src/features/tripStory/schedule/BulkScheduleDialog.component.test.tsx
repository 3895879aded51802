/**
 * The Bulk Schedule dialog on its own (jsdom), over a live document: with "Count drive time" its preview reads the
 * trip's plan settings from the trip view and dates the stops by the itinerary's day walk, and once applied the
 * itinerary (computeSchedule over the document) lists every stop on the day the preview said. The dialog's flow
 * across processes is the browser test's (test/e2e/tripCollab.test.ts). Right before the write, the trip history is
 * asked to mark the trip as it was (before_bulk_schedule).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { addStop, computeSchedule, localCalendarDate, orderedStops, roadSettingsOf, type ScheduleStopInput, type TTripStop } from '@caravan/shared';
import { historyApi } from '../../../lib/tripHistory/historyApi.ts';
import { TripViewContext, TripViewStopsContext } from '../tripViewContext.ts';
import { BulkScheduleDialog } from './BulkScheduleDialog.tsx';

/** Down the coast with two nights in Monterey; the legs take 135, 306 and 136 minutes. */
function coastDoc(): Y.Doc {
  const doc = new Y.Doc();
  addStop(doc, 'sf', { name: 'San Francisco', latitude: 37.7749, longitude: -122.4194 });
  addStop(doc, 'monterey', {
    name: 'Monterey',
    latitude: 36.6002,
    longitude: -121.8947,
    estimatedDriveMinutes: 135,
    overnight: true,
    lodging: { name: 'Monterey Inn', address: null, checkIn: null, checkOut: null, confirmation: null, url: null, price: null, nights: 2 },
  });
  addStop(doc, 'santa-barbara', { name: 'Santa Barbara', latitude: 34.4208, longitude: -119.6982, estimatedDriveMinutes: 306 });
  addStop(doc, 'la', { name: 'Los Angeles', latitude: 34.0522, longitude: -118.2437, estimatedDriveMinutes: 136 });
  return doc;
}

const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function openDialog(doc: Y.Doc) {
  const roadSettings = roadSettingsOf({ dailyDriveLimitMinutes: 300 });
  const stops = orderedStops(doc) as unknown as TTripStop[];
  const context = { tripId: '11111111-1111-4111-8111-111111111111', role: 'owner' as const, doc, roadSettings, toggleVisited: vi.fn(), refresh: vi.fn() };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TripViewContext.Provider value={context}>
        <TripViewStopsContext.Provider value={stops}>
          <BulkScheduleDialog open onOpenChange={vi.fn()} />
        </TripViewStopsContext.Provider>
      </TripViewContext.Provider>
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Bulk Schedule Trip' });
  const preview = () =>
    Array.from(dialog.querySelectorAll('.schedule-preview-list li')).map((item) => item.querySelector('time')?.getAttribute('datetime'));
  return { dialog, preview, roadSettings };
}

afterEach(() => vi.restoreAllMocks());

describe('Bulk Schedule with "Count drive time"', () => {
  it('previews the itinerary\'s days under the trip\'s own limit, and applies dates the itinerary then shows', async () => {
    const user = userEvent.setup();
    const doc = coastDoc();
    const { dialog, preview, roadSettings } = openDialog(doc);
    const start = dayAfter(localCalendarDate(), 10);
    fireEvent.change(within(dialog).getByLabelText('Trip Start Date'), { target: { value: start } });
    await user.selectOptions(within(dialog).getByLabelText('Default Stay Duration'), 'Half Day');
    // Counted only: two half days a day.
    expect(preview()).toEqual([start, start, dayAfter(start, 1), dayAfter(start, 1)]);

    await user.click(within(dialog).getByLabelText('Count drive time'));
    expect(within(dialog).getByText(/daily driving limit \(5h 0m\)/)).toBeDefined();
    // Santa Barbara after the two nights in Monterey; Los Angeles would make that day 442 minutes of the trip's 300.
    expect(preview()).toEqual([start, start, dayAfter(start, 2), dayAfter(start, 3)]);

    // Right before the dates are written the trip history marks the trip as it was.
    let scheduledAtTake: number | null = null;
    const take = vi.spyOn(historyApi, 'take').mockImplementation(async (_tripId, kind) => {
      scheduledAtTake = orderedStops(doc).filter((stop) => stop.autoScheduled).length;
      return { version: { id: '1', takenAt: new Date().toISOString(), kind, name: null, editors: [], summary: '' } };
    });
    await user.click(within(dialog).getByRole('button', { name: 'Apply Schedule' }));
    await waitFor(() => expect(orderedStops(doc).every((stop) => stop.autoScheduled)).toBe(true));
    expect(take).toHaveBeenCalledWith('11111111-1111-4111-8111-111111111111', 'before_bulk_schedule');
    expect(scheduledAtTake).toBe(0);
    const itinerary = computeSchedule(roadSettings, orderedStops(doc) as ScheduleStopInput[], { today: localCalendarDate() });
    expect(itinerary.days.map((day) => [day.date, day.stopIds])).toEqual([
      [start, ['sf', 'monterey']],
      [dayAfter(start, 2), ['santa-barbara']],
      [dayAfter(start, 3), ['la']],
    ]);
  });
});
