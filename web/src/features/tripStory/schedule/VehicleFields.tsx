/**
 * The car's fields in Road Settings (./vehicleForm.ts holds what they mean): the vehicle, and once there is one its
 * range in the member's unit, the reserve to keep and how full it leaves.
 */
import { VEHICLE_KINDS, type DistanceUnit } from '@caravan/shared';
import { tripViewMessages } from '../messages.ts';
import { isVehicleKind, rangeBounds, type VehicleInput } from './vehicleForm.ts';
import './vehicleFields.css';

const text = tripViewMessages;

interface Props {
  id: string;
  input: VehicleInput;
  unit: DistanceUnit;
  onChange: (patch: Partial<VehicleInput>) => void;
}

export function VehicleFields({ id, input, unit, onChange }: Props) {
  const { min, max } = rangeBounds(unit);
  return (
    <fieldset className="vehicle-fields" aria-describedby={`${id}-vehicle`}>
      <legend>{text.vehicle}</legend>
      <small id={`${id}-vehicle`}>{text.vehicleHelp}</small>
      <label>
        {text.vehicleKind}
        <select value={input.kind} onChange={(event) => isVehicleKind(event.target.value) && onChange({ kind: event.target.value })}>
          {VEHICLE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {text.vehicleKinds[kind]}
            </option>
          ))}
        </select>
      </label>
      {input.kind !== 'none' && (
        <>
          <label>
            {text.vehicleRange(unit)}
            <input type="number" inputMode="decimal" required min={min} max={max} value={input.range} onChange={(event) => onChange({ range: event.target.value })} />
          </label>
          <label>
            {text.vehicleReserve}
            <input type="number" inputMode="numeric" min={0} max={50} value={input.reservePercent} onChange={(event) => onChange({ reservePercent: event.target.value })} />
          </label>
          <label>
            {text.vehicleFill}
            <input type="number" inputMode="numeric" min={1} max={100} value={input.fillPercent} onChange={(event) => onChange({ fillPercent: event.target.value })} />
          </label>
        </>
      )}
    </fieldset>
  );
}
