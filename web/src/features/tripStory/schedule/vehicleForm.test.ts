import { describe, expect, it } from 'vitest';
import { vehicleMessages } from '@caravan/shared';
import { parseVehicle, rangeMessage, vehicleInput, vehicleSummary } from './vehicleForm.ts';

describe('the vehicle fields', () => {
  const ev = { kind: 'electric', rangeKm: 482.8, reservePercent: 15, departureFillPercent: 90 } as const;

  it('shows the range in the member’s unit and sends it back in km', () => {
    expect(vehicleInput(ev, 'mi')).toEqual({ kind: 'electric', range: '300', reservePercent: '15', fillPercent: '90' });
    expect(vehicleInput(ev, 'km')).toMatchObject({ range: '483' });
    expect(parseVehicle({ kind: 'electric', range: '300', reservePercent: '15', fillPercent: '90' }, 'mi')).toEqual({ vehicle: ev });
    expect(parseVehicle({ kind: 'fuel', range: '650', reservePercent: '10', fillPercent: '100' }, 'km')).toEqual({
      vehicle: { kind: 'fuel', rangeKm: 650, reservePercent: 10, departureFillPercent: 100 },
    });
  });

  it('refuses what the server would, saying the range’s bounds in the member’s unit', () => {
    const typed = { kind: 'fuel', range: '400', reservePercent: '10', fillPercent: '100' } as const;
    expect(parseVehicle({ ...typed, range: '' }, 'km')).toEqual({ error: vehicleMessages.rangeRequired });
    expect(parseVehicle({ ...typed, range: '5' }, 'mi')).toEqual({ error: rangeMessage('mi') });
    expect(rangeMessage('mi')).toBe('Range must be from 7 to 1,864 mi.');
    expect(parseVehicle({ ...typed, range: 'far' }, 'km')).toEqual({ error: rangeMessage('km') });
    expect(parseVehicle({ ...typed, reservePercent: '60' }, 'km')).toEqual({ error: vehicleMessages.invalidReserve });
    expect(parseVehicle({ ...typed, fillPercent: '0' }, 'km')).toEqual({ error: vehicleMessages.invalidFill });
  });

  it('sends no car with what is typed when it reads, and the defaults when it does not', () => {
    expect(parseVehicle({ kind: 'none', range: '400', reservePercent: '20', fillPercent: '80' }, 'km')).toEqual({
      vehicle: { kind: 'none', rangeKm: 400, reservePercent: 20, departureFillPercent: 80 },
    });
    expect(parseVehicle({ kind: 'none', range: '', reservePercent: 'x', fillPercent: '' }, 'km')).toEqual({
      vehicle: { kind: 'none', rangeKm: null, reservePercent: 10, departureFillPercent: 100 },
    });
  });

  it('sums the car up for the road summary, in the member’s unit', () => {
    expect(vehicleSummary(ev, 'mi')).toBe('Electric car, 300 mi range, 15% reserve');
    expect(vehicleSummary({ ...ev, kind: 'fuel', rangeKm: 1200 }, 'km')).toBe('Fuel car, 1,200 km range, 15% reserve');
    expect(vehicleSummary({ ...ev, kind: 'none' }, 'km')).toBeNull();
  });
});
