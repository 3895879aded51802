/**
 * 'Road Settings' (owner only): the trip's start date, day 1's departure, later days' earliest departure, the
 * latest arrival ('Leave by' counts back from it), the daily driving limit and the car whose range the days watch
 * (./VehicleFields.tsx). Saved by call; the server mirrors
 * them into the trip document, so every member's badges change live.
 */
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TRoadSettings } from '@caravan/shared';
import { DialogFormActions } from '../../../components/DialogFormActions.tsx';
import { DialogFrame } from '../../../components/DialogFrame.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { tripViewMessages } from '../messages.ts';
import { tripViewApi } from '../tripViewApi.ts';
import { useTripViewContext } from '../tripViewContext.ts';
import { useDistanceUnit } from '../../../lib/distanceUnit.ts';
import { LIMIT_STEP_HOURS, MAX_LIMIT_HOURS, MIN_LIMIT_HOURS, parseRoadSettings, roadSettingsInput } from './roadSettingsForm.ts';
import { VehicleFields } from './VehicleFields.tsx';
import { parseVehicle, vehicleInput } from './vehicleForm.ts';

const text = tripViewMessages;

export function RoadSettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={text.roadSettings} description={text.roadSettingsDescription}>
      <RoadSettingsForm onDone={() => onOpenChange(false)} />
    </DialogFrame>
  );
}

function RoadSettingsForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const { tripId, roadSettings, refresh } = useTripViewContext();
  const unit = useDistanceUnit();
  const [input, setInput] = useState(() => roadSettingsInput(roadSettings));
  const [vehicle, setVehicle] = useState(() => vehicleInput(roadSettings.vehicle, unit));
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const save = useMutation({
    mutationFn: (settings: TRoadSettings) => tripViewApi.roadSettings(tripId, settings),
    onSuccess: () => {
      toast.success(text.roadSettingsSaved);
      refresh();
      onDone();
    },
    onError: (failure) => toast.error(text.roadSettingsFailed(errorMessage(failure))),
  });

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseRoadSettings(input);
        const car = parseVehicle(vehicle, unit);
        setError('error' in parsed ? parsed.error : 'error' in car ? car.error : null);
        if ('settings' in parsed && 'vehicle' in car) save.mutate({ ...parsed.settings, vehicle: car.vehicle });
      }}
    >
      <label>
        {text.tripStartDate}
        <input
          type="date"
          value={input.startDate}
          aria-describedby={`${id}-start`}
          onChange={(event) => setInput({ ...input, startDate: event.target.value })}
        />
        <small id={`${id}-start`}>{text.startDateHelp}</small>
      </label>
      <label>
        {text.departureTime}
        <input type="time" required value={input.departureTime} onChange={(event) => setInput({ ...input, departureTime: event.target.value })} />
      </label>
      <label>
        {text.earliestDeparture}
        <input
          type="time"
          required
          value={input.earliestDeparture}
          onChange={(event) => setInput({ ...input, earliestDeparture: event.target.value })}
        />
      </label>
      <label>
        {text.arrivalTime}
        <input
          type="time"
          required
          value={input.arrivalTime}
          aria-describedby={`${id}-arrival`}
          onChange={(event) => setInput({ ...input, arrivalTime: event.target.value })}
        />
        <small id={`${id}-arrival`}>{text.arrivalTimeHelp}</small>
      </label>
      <label>
        {text.dailyDriveLimit}
        <input
          type="number"
          required
          inputMode="decimal"
          min={MIN_LIMIT_HOURS}
          max={MAX_LIMIT_HOURS}
          step={LIMIT_STEP_HOURS}
          value={input.limitHours}
          aria-describedby={`${id}-limit`}
          onChange={(event) => setInput({ ...input, limitHours: event.target.value })}
        />
        <small id={`${id}-limit`}>{text.dailyDriveLimitHelp}</small>
      </label>
      <label className="checkbox-row">
        <input type="checkbox" checked={input.warnAfterSunset} onChange={(event) => setInput({ ...input, warnAfterSunset: event.target.checked })} />
        {text.warnAfterSunset}
      </label>
      <VehicleFields id={id} input={vehicle} unit={unit} onChange={(patch) => setVehicle({ ...vehicle, ...patch })} />
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <DialogFormActions cancelLabel={text.cancel} submitLabel={text.saveChanges} pendingLabel={text.saving} pending={save.isPending} />
    </form>
  );
}
