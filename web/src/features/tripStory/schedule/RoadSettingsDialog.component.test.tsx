/**
 * Road Settings' car fields on their own (jsdom): the range is typed and shown in the member's unit and sent in km
 * with the other settings; a range out of bounds is refused in that unit before anything is sent; "No car" hides
 * the car's numbers; the dialog is axe clean and works by keyboard. The live effect across members is the API's
 * test (test/vehicleRange.test.ts).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { roadSettingsOf, type DistanceUnit, type TRoadSettings } from '@caravan/shared';
import { SESSION_KEY } from '../../../lib/session.ts';
import { tripViewApi } from '../tripViewApi.ts';
import { TripViewContext } from '../tripViewContext.ts';
import { RoadSettingsDialog } from './RoadSettingsDialog.tsx';

function openDialog(unit: DistanceUnit, held: Record<string, unknown> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_KEY, { user: { id: 1, distanceUnit: unit } });
  const context = { tripId: '11111111-1111-4111-8111-111111111111', role: 'owner' as const, doc: new Y.Doc(), roadSettings: roadSettingsOf(held), toggleVisited: vi.fn(), refresh: vi.fn() };
  render(
    <QueryClientProvider client={client}>
      <TripViewContext.Provider value={context}>
        <RoadSettingsDialog open onOpenChange={vi.fn()} />
      </TripViewContext.Provider>
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: 'Road Settings' });
}

async function expectAxeClean(element: Element) {
  const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
}

afterEach(() => vi.restoreAllMocks());

describe('Road Settings: the car', () => {
  it('takes an electric car’s range in miles by keyboard and sends it in km with the other settings', async () => {
    const sent = vi.spyOn(tripViewApi, 'roadSettings').mockImplementation(async (_tripId, settings: TRoadSettings) => settings);
    const user = userEvent.setup();
    const dialog = openDialog('mi');
    expect(within(dialog).queryByLabelText(/Range on a full tank/)).toBeNull();
    await expectAxeClean(dialog);

    within(dialog).getByLabelText('Vehicle').focus();
    await user.selectOptions(within(dialog).getByLabelText('Vehicle'), 'electric');
    const range = within(dialog).getByLabelText('Range on a full tank or charge (mi)');
    await user.click(range);
    await user.keyboard('5');
    await user.tab();
    await user.keyboard('{Control>}a{/Control}20');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Range must be from 7 to 1,864 mi.');
    expect(sent).not.toHaveBeenCalled();
    await expectAxeClean(dialog);

    await user.clear(range);
    await user.type(range, '300');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0][1]).toMatchObject({ arrivalTime: '17:00', vehicle: { kind: 'electric', rangeKm: 482.8, reservePercent: 20, departureFillPercent: 100 } });
  });

  it('shows a saved car in km to a member who reads km, and "No car to watch" sends none', async () => {
    const sent = vi.spyOn(tripViewApi, 'roadSettings').mockImplementation(async (_tripId, settings: TRoadSettings) => settings);
    const user = userEvent.setup();
    const dialog = openDialog('km', { vehicle: { kind: 'fuel', rangeKm: 482.8, reservePercent: 15, departureFillPercent: 80 } });
    expect((within(dialog).getByLabelText('Range on a full tank or charge (km)') as HTMLInputElement).value).toBe('483');
    expect((within(dialog).getByLabelText('Reserve to keep (%)') as HTMLInputElement).value).toBe('15');
    expect((within(dialog).getByLabelText('Full at departure (%)') as HTMLInputElement).value).toBe('80');
    await user.selectOptions(within(dialog).getByLabelText('Vehicle'), 'none');
    expect(within(dialog).queryByLabelText(/Range on a full tank/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(sent.mock.calls[0][1].vehicle).toEqual({ kind: 'none', rangeKm: 483, reservePercent: 15, departureFillPercent: 80 });
  });
});
