/** The trip's vehicle as every reader takes it: a value missing or unreadable (an older document) reads as no car walked. */
import { DEFAULT_VEHICLE, type TVehicle, ZVehicle } from '../contracts/vehicle.ts';

export function vehicleOf(held: unknown): TVehicle {
  const parsed = ZVehicle.safeParse(held);
  return parsed.success ? parsed.data : DEFAULT_VEHICLE;
}
