/**
 * The Create Trip dialog on its own (jsdom): a start typed without picking a suggestion is looked up as every stop
 * form looks one up: typed coordinates are its position, and a start that cannot be found offers creating the trip
 * without a position, never one the user did not choose. Creating a trip for real is the browser test's.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateTripDialog } from './CreateTripDialog.tsx';
import { tripsApi } from './tripsApi.ts';

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

/** The dialog, open, with the create call answered here (the server's part is the api tests'). */
function openDialog() {
  const create = vi.spyOn(tripsApi, 'create').mockResolvedValue({ id: '11111111-1111-4111-8111-111111111111' } as never);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CreateTripDialog trigger={<button type="button">New trip</button>} defaultOpen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { create };
}

async function fill(user: ReturnType<typeof userEvent.setup>, start: string, address: string) {
  await user.type(screen.getByLabelText('Trip Title'), 'Coast Run');
  await user.type(screen.getByLabelText('Starting Location'), start);
  if (address) await user.type(screen.getByRole('combobox', { name: 'Starting Address' }), address);
  await user.click(screen.getByRole('button', { name: 'Create Trip' }));
}

describe('the Create Trip dialog', () => {
  it('reads coordinates typed as the start as its position', async () => {
    const user = userEvent.setup();
    const { create } = openDialog();
    await fill(user, 'Home', '45.52, -122.68');
    await vi.waitFor(() => expect(create).toHaveBeenCalledOnce());
    expect(create.mock.calls[0][0]).toMatchObject({ startLocationName: 'Home', startLocationLatitude: 45.52, startLocationLongitude: -122.68 });
  });

  it('says a start could not be looked up offline, and creates the trip without a position only when asked', async () => {
    onlineManager.setOnline(false);
    const user = userEvent.setup();
    const { create } = openDialog();
    await fill(user, 'Qwxyz Creek', '');
    const message = '"Qwxyz Creek" could not be looked up: searching needs a connection.';
    expect(screen.getByRole('status').textContent).toBe(message);
    expect(create).not.toHaveBeenCalled();
    // Creating a trip needs the server: the connection is back when the user chooses.
    onlineManager.setOnline(true);
    await user.click(screen.getByRole('group', { name: message }).querySelector('button')!);
    await vi.waitFor(() => expect(create).toHaveBeenCalledOnce());
    expect(create.mock.calls[0][0]).toMatchObject({ title: 'Coast Run', startLocationName: 'Qwxyz Creek', startLocationLatitude: 0, startLocationLongitude: 0 });
  });
});
