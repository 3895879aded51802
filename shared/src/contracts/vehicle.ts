/**
 * The trip's car as its range is walked (docs/architecture.md#the-day-model): what drives it (none, fuel, electric,
 * either), how far a full tank or charge goes, the share kept in reserve, and how full it leaves. Set with the road
 * settings (./roadSettings.ts) through REST only and mirrored into the document's meta; the live door writes no meta.
 * The range is held in km; each member enters and reads it in their own unit.
 */
import { z } from 'zod';

export const VEHICLE_KINDS = ['none', 'fuel', 'electric', 'either'] as const;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];

/** A moped's tank at the least; past any production car's range at the most. */
export const MIN_RANGE_KM = 10;
export const MAX_RANGE_KM = 3000;
export const MAX_RESERVE_PERCENT = 50;

export const vehicleMessages = {
  invalidVehicle: 'Vehicle must be an object with kind, rangeKm, reservePercent and departureFillPercent',
  invalidVehicleKind: `Vehicle kind must be one of: ${VEHICLE_KINDS.join(', ')}`,
  invalidRange: `Range must be a number of km from ${MIN_RANGE_KM} to ${MAX_RANGE_KM.toLocaleString('en-US')}`,
  rangeRequired: 'Give the vehicle\'s range: a car that refuels needs one',
  invalidReserve: `Reserve must be a whole percentage from 0 to ${MAX_RESERVE_PERCENT}`,
  invalidFill: 'Fill at departure must be a whole percentage from 1 to 100',
} as const;

const m = vehicleMessages;
const wholePercent = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message);

export const ZVehicle = z
  .object(
    {
      kind: z.enum(VEHICLE_KINDS, { error: m.invalidVehicleKind }),
      rangeKm: z.number({ error: m.invalidRange }).min(MIN_RANGE_KM, m.invalidRange).max(MAX_RANGE_KM, m.invalidRange).nullable(),
      reservePercent: wholePercent(0, MAX_RESERVE_PERCENT, m.invalidReserve),
      departureFillPercent: wholePercent(1, 100, m.invalidFill),
    },
    { error: m.invalidVehicle },
  )
  .strict()
  .refine((vehicle) => vehicle.kind === 'none' || vehicle.rangeKm !== null, { message: m.rangeRequired, path: ['rangeKm'] });
export type TVehicle = z.infer<typeof ZVehicle>;

/** A trip that never said: no car walked, and the usual reserve and a full tank once one is chosen. */
export const DEFAULT_VEHICLE: TVehicle = { kind: 'none', rangeKm: null, reservePercent: 10, departureFillPercent: 100 };
