/**
 * The car's fields of Road Settings: what drives it, its range in the member's own unit (held in km), the reserve
 * to keep and the fill at departure, as typed; checked with the call's own schema before anything is sent, the
 * range's bounds said in the member's unit.
 */
import { DEFAULT_VEHICLE, KM_PER_MILE, MAX_RANGE_KM, MIN_RANGE_KM, VEHICLE_KINDS, ZVehicle, type DistanceUnit, type TVehicle, type VehicleKind } from '@caravan/shared';

export interface VehicleInput {
  kind: VehicleKind;
  /** In the member's unit, as typed; '' for none. */
  range: string;
  reservePercent: string;
  fillPercent: string;
}

export const isVehicleKind = (value: string): value is VehicleKind => (VEHICLE_KINDS as readonly string[]).includes(value);

const toUnit = (km: number, unit: DistanceUnit) => (unit === 'mi' ? km / KM_PER_MILE : km);
const toKm = (distance: number, unit: DistanceUnit) => (unit === 'mi' ? distance * KM_PER_MILE : distance);
/** A number as typed, or NaN (which the schema refuses with its own message). */
const typedNumber = (text: string) => (/^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

/** The range's bounds in the member's unit, whole: '10 to 3,000 km' or '7 to 1,864 mi'. */
export function rangeBounds(unit: DistanceUnit): { min: number; max: number } {
  return { min: Math.ceil(toUnit(MIN_RANGE_KM, unit)), max: Math.floor(toUnit(MAX_RANGE_KM, unit)) };
}

export const rangeMessage = (unit: DistanceUnit) => {
  const { min, max } = rangeBounds(unit);
  return `Range must be from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')} ${unit}.`;
};

export const vehicleInput = (vehicle: TVehicle, unit: DistanceUnit): VehicleInput => ({
  kind: vehicle.kind,
  range: vehicle.rangeKm === null ? '' : String(Math.round(toUnit(vehicle.rangeKm, unit))),
  reservePercent: String(vehicle.reservePercent),
  fillPercent: String(vehicle.departureFillPercent),
});

/** The vehicle to send, or the first problem with what was typed. No car keeps the rest as typed when it reads. */
export function parseVehicle(input: VehicleInput, unit: DistanceUnit): { vehicle: TVehicle } | { error: string } {
  const typedRange = input.range.trim() === '' ? null : typedNumber(input.range);
  const rangeKm = typedRange === null ? null : toKm(typedRange, unit);
  const vehicle = { kind: input.kind, rangeKm, reservePercent: typedNumber(input.reservePercent), departureFillPercent: typedNumber(input.fillPercent) };
  // A range past its bounds only by the rounding of a conversion is the bound itself.
  if (rangeKm !== null && Number.isFinite(rangeKm)) vehicle.rangeKm = Math.round(rangeKm * 10) / 10;
  const parsed = ZVehicle.safeParse(vehicle);
  if (parsed.success) return { vehicle: parsed.data };
  const [issue] = parsed.error.issues;
  if (input.kind === 'none') return { vehicle: DEFAULT_VEHICLE };
  if (issue.path[0] === 'rangeKm' && rangeKm !== null) return { error: rangeMessage(unit) };
  return { error: issue.message };
}

const KIND_WORDS: Record<Exclude<VehicleKind, 'none'>, string> = { fuel: 'Fuel car', electric: 'Electric car', either: 'Hybrid car' };

/** 'Electric car, 300 mi range, 10% reserve', for the road summary; null with no car to watch. */
export function vehicleSummary(vehicle: TVehicle, unit: DistanceUnit): string | null {
  if (vehicle.kind === 'none' || vehicle.rangeKm === null) return null;
  return `${KIND_WORDS[vehicle.kind]}, ${Math.round(toUnit(vehicle.rangeKm, unit)).toLocaleString('en-US')} ${unit} range, ${vehicle.reservePercent}% reserve`;
}
