/**
 * 'Bulk Schedule Trip' (docs/product.md#itinerary): start date (no past dates, today by default), default
 * stay, avoid weekends, the opt-in "Count drive time" (the itinerary's day walk, against the trip's daily
 * driving limit), a live preview from the shared schedule logic with per-stop Skip and custom stays; Reset
 * Options, Reset All Dates, Cancel and Apply Schedule.
 */
import { useId, useMemo, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { formatDuration, localCalendarDate, type DatableStop } from '@caravan/shared';
import { DialogFrame } from '../../../components/DialogFrame.tsx';
import { tripViewMessages } from '../messages.ts';
import { useTripViewContext, useTripViewStops } from '../tripViewContext.ts';
import { bulkPreview, defaultBulkOptions, type BulkOptions } from './bulkOptions.ts';
import { SchedulePreview } from './SchedulePreview.tsx';
import { useScheduleCalls } from './useScheduleCalls.ts';

const text = tripViewMessages;

export function BulkScheduleDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={text.bulkTitle} description={text.bulkDescription} wide>
      <BulkScheduleForm onDone={() => onOpenChange(false)} />
    </DialogFrame>
  );
}

function BulkScheduleForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const stops = useTripViewStops();
  const { roadSettings } = useTripViewContext();
  const [options, setOptions] = useState<BulkOptions>(defaultBulkOptions);
  const preview = useMemo(() => bulkPreview(stops as readonly DatableStop[], options, roadSettings), [stops, options, roadSettings]);
  const { apply, reset } = useScheduleCalls(onDone);
  const busy = apply.isPending || reset.isPending;

  return (
    <form
      className="form bulk-schedule"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!preview.error && preview.schedule.length > 0) apply.mutate(preview.schedule);
      }}
    >
      <div className="bulk-fields">
        <label>
          {text.startDate}
          <input
            type="date"
            required
            min={localCalendarDate()}
            value={options.startDate}
            onChange={(event) => setOptions({ ...options, startDate: event.target.value })}
          />
        </label>
        <label>
          {text.defaultStay}
          <select
            value={options.defaultDuration}
            onChange={(event) => setOptions({ ...options, defaultDuration: Number(event.target.value) })}
          >
            {text.stayOptions.map((option) => (
              <option key={option.days} value={option.days}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="checkbox-field">
        <label>
          <input
            type="checkbox"
            checked={options.avoidWeekends}
            aria-describedby={`${id}-weekends`}
            onChange={(event) => setOptions({ ...options, avoidWeekends: event.target.checked })}
          />
          {text.avoidWeekends}
        </label>
        <small id={`${id}-weekends`}>{text.avoidWeekendsHelp}</small>
      </div>
      <div className="checkbox-field">
        <label>
          <input
            type="checkbox"
            checked={options.countDriveTime ?? false}
            aria-describedby={`${id}-drive`}
            onChange={(event) => setOptions({ ...options, countDriveTime: event.target.checked })}
          />
          {text.countDriveTime}
        </label>
        <small id={`${id}-drive`}>{text.countDriveTimeHelp(formatDuration(roadSettings.dailyDriveLimitMinutes))}</small>
      </div>
      {preview.error && (
        <p role="alert" className="form-error">
          {preview.error}
        </p>
      )}
      <SchedulePreview
        stops={stops}
        schedule={preview.schedule}
        overrides={options.overrides}
        defaultDuration={options.defaultDuration}
        onOverride={(stopId, override) => setOptions({ ...options, overrides: { ...options.overrides, [stopId]: override } })}
      />
      <div className="dialog-actions bulk-actions">
        <button type="button" className="button ghost" onClick={() => setOptions(defaultBulkOptions())} disabled={busy}>
          {text.resetOptions}
        </button>
        <button type="button" className="button danger ghost" onClick={() => reset.mutate()} disabled={busy || stops.length === 0}>
          {text.resetAllDates}
        </button>
        <span className="spacer" />
        <Dialog.Close asChild>
          <button type="button" className="button ghost">
            {text.cancel}
          </button>
        </Dialog.Close>
        <button type="submit" className="button primary" disabled={busy || preview.error !== null || preview.schedule.length === 0}>
          {apply.isPending ? text.applying : text.applySchedule}
        </button>
      </div>
    </form>
  );
}
