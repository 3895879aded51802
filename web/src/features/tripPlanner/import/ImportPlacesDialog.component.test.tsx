/**
 * Import places near the stop limit, on its own (jsdom): in a trip three short of the limit the preview says how
 * many more fit and ticks no more than that, Select all stays within it, a fourth ticked by hand turns Add off with
 * the reason, and Add writes exactly the three into the document, right after the trip history's mark of the trip
 * as it was. The server's preview of a file is the api tests'; the dialog over a live trip, for every member, the
 * browser test's.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import * as Y from 'yjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appendStops, COLLAB_LIMITS, orderedStops, stopsMap, type TImportPreviewResponse } from '@caravan/shared';
import type { TripConnection } from '../../../lib/collab/tripConnection.ts';
import { historyApi } from '../../../lib/tripHistory/historyApi.ts';
import { tripPageMessages } from '../messages.ts';
import { tripApi } from '../tripApi.ts';
import { ImportPlacesDialog } from './ImportPlacesDialog.tsx';

const text = tripPageMessages.importPlaces;
const LIMIT = COLLAB_LIMITS.maxStopsPerTrip;

afterEach(() => vi.restoreAllMocks());

/** A document with `count` stops spread over the map, and the connection parts the dialog uses. */
function tripWithStops(count: number): TripConnection {
  const doc = new Y.Doc();
  appendStops(
    doc,
    Array.from({ length: count }, (_, i) => ({ id: `stop-${i}`, fields: { name: `Stop ${i}`, latitude: -60 + (i % 120), longitude: -170 + Math.floor(i / 120) * 20 } })),
  );
  const undoManager = new Y.UndoManager(stopsMap(doc), { trackedOrigins: new Set(['this tab']) });
  return { doc, undoManager, transact: (edit) => doc.transact(edit, 'this tab') } as TripConnection;
}

const extraPlaces: TImportPreviewResponse = {
  format: 'csv',
  places: Array.from({ length: 5 }, (_, i) => ({ name: `Extra ${i + 1}`, address: null, notes: null, latitude: 40 + i, longitude: -100 - i, folder: null, trackEnd: null })),
  notFound: [],
  folders: [],
};

describe('Import places near the stop limit', () => {
  it('says how many more stops fit, ticks no more than that, and adds exactly those', async () => {
    const connection = tripWithStops(LIMIT - 3);
    vi.spyOn(tripApi, 'importPreview').mockResolvedValue(extraPlaces);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ImportPlacesDialog open onOpenChange={() => {}} tripId="trip" connection={connection} stops={orderedStops(connection.doc)} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: text.title });
    await user.upload(within(dialog).getByLabelText(text.file), new File(['name,latitude,longitude'], 'extra.csv', { type: 'text/csv' }));

    const preview = await within(dialog).findByRole('region', { name: text.placesHeading });
    const room = text.room(LIMIT, LIMIT - 3, 3);
    within(preview).getByText(room);
    within(preview).getByText(text.count(3, 5));
    await user.click(within(preview).getByRole('button', { name: text.selectAll }));
    within(preview).getByText(text.count(3, 5));

    // A fourth ticked by hand: the room line turns into the reason Add is off.
    const fourth = within(preview).getByRole('checkbox', { name: /^Extra 4/ });
    await user.click(fourth);
    within(preview).getByText(text.count(4, 5));
    expect(within(preview).getByText(room).className).toContain('form-error');
    expect(within(dialog).getByRole('button', { name: text.add(4) })).toHaveProperty('disabled', true);

    await user.click(fourth);
    // Right before the stops are written the trip history marks the trip as it was.
    let stopsAtTake: number | null = null;
    const take = vi.spyOn(historyApi, 'take').mockImplementation(async (_tripId, kind) => {
      stopsAtTake = orderedStops(connection.doc).length;
      return { version: { id: '1', takenAt: new Date().toISOString(), kind, name: null, editors: [], summary: '' } };
    });
    await user.click(within(dialog).getByRole('button', { name: text.add(3) }));
    await waitFor(() => expect(orderedStops(connection.doc)).toHaveLength(LIMIT));
    expect(take).toHaveBeenCalledWith('trip', 'before_import');
    expect(stopsAtTake).toBe(LIMIT - 3);
    const names = orderedStops(connection.doc).map((stop) => stop.name);
    expect(names).toHaveLength(LIMIT);
    expect(names.slice(-3)).toEqual(['Extra 1', 'Extra 2', 'Extra 3']);
  });
});
