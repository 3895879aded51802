import { describe, expect, it } from 'vitest';
import { EMPTY_PLAN_STOP_FIELDS, planMessages } from '@caravan/shared';
import { parsePlan, planInput } from './stopPlanForm.ts';

const TRIP = '11111111-1111-4111-8111-111111111111';
const STOP = '22222222-2222-4222-8222-222222222222';
const lodging = { name: 'Glen Oaks', address: null, checkIn: '16:00', checkOut: '11:00', confirmation: 'GO-1', url: null, price: { amountMinor: 18_950, currency: 'EUR' }, nights: 2 };

describe('the Plan form', () => {
  it('shows a saved plan as typed text and sends it back unchanged', () => {
    const saved = { kind: 'nature', stayMinutes: 150, fixedTime: '10:30', openingHours: 'Tu-Su 10:00-17:00', overnight: true, lodging, refuels: true } as const;
    const input = planInput(saved, 'USD');
    expect(input).toMatchObject({ stayHours: '2', stayMinutes: '30', refuels: 'yes', lodging: { price: '189.50', currency: 'EUR', nights: '2' } });
    expect(parsePlan(input, TRIP, STOP)).toEqual({ plan: saved });
  });

  it('reads empty fields as unset, a new lodging in the home currency, and drops lodging when not overnight', () => {
    const input = planInput(EMPTY_PLAN_STOP_FIELDS, 'JPY');
    expect(input.lodging.currency).toBe('JPY');
    // Refuelling follows the kind until someone says otherwise; "No" is kept as false, not as unset.
    expect(input.refuels).toBe('kind');
    expect(parsePlan({ ...input, kind: 'fuel', refuels: 'no' }, TRIP, STOP)).toEqual({ plan: { ...EMPTY_PLAN_STOP_FIELDS, kind: 'fuel', refuels: false } });
    expect(parsePlan(input, TRIP, STOP)).toEqual({ plan: EMPTY_PLAN_STOP_FIELDS });
    expect(parsePlan({ ...input, stayMinutes: '45', lodging: { ...input.lodging, name: 'Kept out' } }, TRIP, STOP)).toEqual({
      plan: { ...EMPTY_PLAN_STOP_FIELDS, stayMinutes: 45 },
    });
  });

  it("refuses with the API's messages, naming the field", () => {
    const input = planInput(EMPTY_PLAN_STOP_FIELDS, 'USD');
    expect(parsePlan({ ...input, stayHours: '1.5' }, TRIP, STOP)).toEqual({ error: planMessages.invalidStay(10_080), field: 'stayMinutes' });
    expect(parsePlan({ ...input, stayHours: '169' }, TRIP, STOP)).toEqual({ error: planMessages.invalidStay(10_080), field: 'stayMinutes' });
    expect(parsePlan({ ...input, openingHours: 'Mo-Fx' }, TRIP, STOP)).toEqual({ error: planMessages.invalidOpeningHours, field: 'openingHours' });
    const overnight = { ...input, overnight: true };
    expect(parsePlan(overnight, TRIP, STOP)).toEqual({ error: planMessages.lodgingNameRequired, field: 'lodging.name' });
    const named = { ...overnight, lodging: { ...overnight.lodging, name: 'Glen Oaks' } };
    expect(parsePlan({ ...named, lodging: { ...named.lodging, price: '1.555' } }, TRIP, STOP)).toEqual({ error: planMessages.invalidLodgingPrice, field: 'lodging.price' });
    expect(parsePlan({ ...named, lodging: { ...named.lodging, url: 'http://x.example' } }, TRIP, STOP)).toEqual({ error: planMessages.invalidLodgingUrl, field: 'lodging.url' });
    expect(parsePlan({ ...named, lodging: { ...named.lodging, nights: '0' } }, TRIP, STOP)).toEqual({ error: planMessages.invalidNights(60), field: 'lodging.nights' });
  });
});
