/**
 * The Plan dialog on its own (jsdom): opening hours are checked as they are typed, with the API's message, and a
 * wrong text is never saved; a right one is saved as one plan; "Refuel or recharge here" is written only once someone
 * says it (a stop that follows its kind gets no key). The live write itself and the editor's page are
 * the browser test's (test/e2e/stopPlan.test.ts).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_PLAN_STOP_FIELDS, planMessages, type DocStop, type PlanStopFields } from '@caravan/shared';
import { StopPlanDialog } from './StopPlanDialog.tsx';

const TRIP = '11111111-1111-4111-8111-111111111111';
/** The fields the dialog reads; the rest of a stop is the list's. */
const aquarium = { ...EMPTY_PLAN_STOP_FIELDS, id: '22222222-2222-4222-8222-222222222222', name: 'Monterey Bay Aquarium' } as DocStop;

function openPlan() {
  const save = vi.fn((_stopId: string, _plan: Partial<PlanStopFields>) => true);
  const onClose = vi.fn();
  render(<StopPlanDialog tripId={TRIP} stop={aquarium} homeCurrency="USD" onClose={onClose} save={save} />);
  return { save, onClose, dialog: screen.getByRole('dialog'), hours: screen.getByLabelText(/^Opening hours as OpenStreetMap text/) };
}

describe('the Plan dialog', () => {
  it('says what is wrong with opening hours as they are typed, and saves nothing while they are wrong', async () => {
    const user = userEvent.setup();
    const { save, onClose, hours } = openPlan();
    await user.type(hours, 'Mo-Fx 09:00-17:00');
    expect(screen.getByText(planMessages.invalidOpeningHours)).toBeDefined();
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert').textContent).toBe(planMessages.invalidOpeningHours);
    expect(save).not.toHaveBeenCalled();

    await user.clear(hours);
    await user.type(hours, 'Mo-Fr 09:00-17:00; PH off');
    expect(hours.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Like "Tu-Su 10:00-17:00" (closed on Mondays). Leave empty if unknown.')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves right opening hours as the stop’s plan, and closes', async () => {
    const user = userEvent.setup();
    const { save, onClose, hours } = openPlan();
    await user.type(hours, 'Tu-Su 10:00-17:00');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const { refuels: _byKind, ...unplanned } = EMPTY_PLAN_STOP_FIELDS;
    expect(save).toHaveBeenCalledExactlyOnceWith(aquarium.id, { ...unplanned, openingHours: 'Tu-Su 10:00-17:00' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('saves "Refuel or recharge here" once chosen, whatever the kind', async () => {
    const user = userEvent.setup();
    const { save } = openPlan();
    await user.selectOptions(screen.getByLabelText('Refuel or recharge here'), 'yes');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(save).toHaveBeenCalledExactlyOnceWith(aquarium.id, { ...EMPTY_PLAN_STOP_FIELDS, refuels: true });
  });
});
