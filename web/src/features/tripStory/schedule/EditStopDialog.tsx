/**
 * 'Edit Stop: {name}' (docs/product.md#itinerary): the estimated drive from the previous stop (asked for as the
 * dialog opens), 'Auto-schedule based on previous stop', and the planned arrival date, disabled while
 * auto-scheduling is on. Dates go out as 'YYYY-MM-DD'; an auto-scheduled stop without a date sends the
 * epoch, which every reader treats as no date until the next auto-schedule sets one. On the trip page the
 * date is written into the live document (works offline, see ../ownerStopEdits.ts).
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { plannedCalendarDate, RESET_DATE, type TTripStop } from '@caravan/shared';
import { DialogFrame } from '../../../components/DialogFrame.tsx';
import { DialogFormActions } from '../../../components/DialogFormActions.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useToast } from '../../../lib/toastStore.ts';
import { tripViewMessages } from '../messages.ts';
import { setPlannedDates } from '../ownerStopEdits.ts';
import { useTripViewContext, useTripViewStops } from '../tripViewContext.ts';
import { TravelEstimate } from './TravelEstimate.tsx';

const text = tripViewMessages;

interface Props {
  stop: TTripStop;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function EditStopDialog({ stop, open, onOpenChange }: Props) {
  const { tripId, refresh } = useTripViewContext();
  const stops = useTripViewStops();
  const index = stops.findIndex((candidate) => candidate.id === stop.id);
  const previous = index > 0 ? stops[index - 1] : null;
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} title={text.editStopTitle(stop.name)} description={text.editStopDescription}>
      {previous && <TravelEstimate tripId={tripId} from={previous} to={stop} onEstimated={refresh} />}
      <EditStopForm tripId={tripId} stop={stop} onDone={() => onOpenChange(false)} refresh={refresh} />
    </DialogFrame>
  );
}

function EditStopForm({ tripId, stop, onDone, refresh }: { tripId: string; stop: TTripStop; onDone: () => void; refresh: () => void }) {
  const id = useId();
  const [autoScheduled, setAutoScheduled] = useState(stop.autoScheduled);
  const [date, setDate] = useState(plannedCalendarDate(stop.plannedArrivalDate) ?? '');
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const { doc } = useTripViewContext();
  const save = useMutation({
    mutationFn: (input: { date: string; autoScheduled: boolean }) =>
      setPlannedDates(tripId, doc, [{ stopId: stop.id, ...input }]),
    // A live-document edit needs no network: not paused while offline, as calls are.
    networkMode: doc ? 'always' : 'online',
    onSuccess: () => {
      toast.success(text.dateUpdated(stop.name));
      refresh();
      onDone();
    },
    onError: (caught) => toast.error(errorMessage(caught, text.dateFailed)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!date && !autoScheduled) return setError(text.dateRequired);
    setError(null);
    save.mutate({ date: date || RESET_DATE, autoScheduled });
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="checkbox-field">
        <label>
          <input type="checkbox" checked={autoScheduled} onChange={(event) => setAutoScheduled(event.target.checked)} aria-describedby={`${id}-auto-help`} />
          {text.autoSchedule}
        </label>
        <small id={`${id}-auto-help`}>{text.autoScheduleHelp}</small>
      </div>
      <label>
        {text.plannedArrival}
        <input
          type="date"
          value={date}
          disabled={autoScheduled}
          aria-invalid={error !== null}
          aria-describedby={`${id}-date-help`}
          onChange={(event) => setDate(event.target.value)}
        />
        <small id={`${id}-date-help`}>{text.plannedArrivalHelp}</small>
      </label>
      <FormError message={error} />
      <DialogFormActions cancelLabel={text.cancel} submitLabel={text.saveChanges} pendingLabel={text.saving} pending={save.isPending} />
    </form>
  );
}
