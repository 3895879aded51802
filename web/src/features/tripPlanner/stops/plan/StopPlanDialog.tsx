/**
 * 'Plan: {name}' (docs/product.md#stops): a stop's kind, stay, fixed time, opening hours (a picker for the common
 * cases writing OpenStreetMap text, and the text itself, checked as it is typed) and overnight lodging. Checked with
 * the REST door's request, so its messages are the server's; saved as one live-document transaction (one Undo).
 */
import { useId, useState, type FormEvent } from 'react';
import { isOpeningHours, OPENING_HOURS_MAX_LENGTH, planMessages, STOP_KINDS, type DocStop, type PlanStopFields } from '@caravan/shared';
import { DialogFormActions } from '../../../../components/DialogFormActions.tsx';
import { DialogFrame } from '../../../../components/DialogFrame.tsx';
import { useToast } from '../../../../lib/toastStore.ts';
import { tripPageMessages } from '../../messages.ts';
import { EMPTY_PICK, openingHoursToPick, pickToOpeningHours, WEEKDAYS, type HoursPick } from './openingHoursPicker.ts';
import { defaultStayOf, isRefuelsChoice, isStopKind, parsePlan, planInput, REFUELS_CHOICES, type LodgingInput, type PlanInput } from './stopPlanForm.ts';
import { stopPlanMessages } from './stopPlanMessages.ts';
import './stopPlan.css';

const text = stopPlanMessages;

interface Props {
  tripId: string;
  /** The stop being planned; null: the dialog is closed. */
  stop: DocStop | null;
  /** The trip's home currency (Costs), a lodging price's default. */
  homeCurrency: string;
  onClose: () => void;
  /** Writes the plan in one transaction; false without a live document. */
  save: (stopId: string, plan: Partial<PlanStopFields>) => boolean;
}

export function StopPlanDialog({ stop, onClose, ...rest }: Props) {
  return (
    <DialogFrame open={stop !== null} onOpenChange={(open) => !open && onClose()} title={stop ? text.title(stop.name) : ''} description={text.description}>
      {stop && <PlanForm key={stop.id} stop={stop} onClose={onClose} {...rest} />}
    </DialogFrame>
  );
}

/** What is wrong with opening hours as typed, said as the API says it; null when they are fine or empty. */
function hoursProblem(hours: string): string | null {
  const trimmed = hours.trim();
  if (trimmed === '') return null;
  if (trimmed.length > OPENING_HOURS_MAX_LENGTH) return planMessages.openingHoursTooLong(OPENING_HOURS_MAX_LENGTH);
  return isOpeningHours(trimmed) ? null : planMessages.invalidOpeningHours;
}

function PlanForm({ tripId, stop, homeCurrency, onClose, save }: { stop: DocStop } & Omit<Props, 'stop'>) {
  const id = useId();
  const [input, setInput] = useState<PlanInput>(() => planInput(stop, homeCurrency));
  const [pick, setPick] = useState<HoursPick>(() => openingHoursToPick(stop.openingHours ?? '') ?? EMPTY_PICK);
  const [error, setError] = useState<{ message: string; field: string } | null>(null);
  const toast = useToast();
  const defaultStay = defaultStayOf(input.kind);
  const hoursError = hoursProblem(input.openingHours);
  const invalid = (field: string) => (error?.field === field ? { 'aria-invalid': true, 'aria-errormessage': `${id}-error` } : {});
  // A change answers the refusal it was made for: the message goes until the next Save.
  const set = (patch: Partial<PlanInput>) => {
    setInput({ ...input, ...patch });
    setError(null);
  };
  const setLodging = (patch: Partial<LodgingInput>) => set({ lodging: { ...input.lodging, ...patch } });
  const lodgingField = (key: keyof LodgingInput) => ({
    value: input.lodging[key],
    onChange: (event: { target: { value: string } }) => setLodging({ [key]: event.target.value }),
    ...invalid(`lodging.${key}`),
  });
  /** A change in the picker writes its hours into the text at once (the text is what is saved). */
  const changePick = (next: HoursPick) => {
    setPick(next);
    const hours = pickToOpeningHours(next);
    if (hours !== null) set({ openingHours: hours });
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parsePlan(input, tripId, stop.id);
    if ('error' in parsed) return setError({ message: parsed.error, field: parsed.field });
    // A stop from before "Refuel or recharge here" that still follows its kind gets no key: nothing changed there.
    const { refuels, ...others } = parsed.plan;
    const plan = refuels === null && (stop.refuels ?? null) === null ? others : parsed.plan;
    if (!save(stop.id, plan)) return setError({ message: text.failed, field: '' });
    toast.success(text.saved(stop.name));
    onClose();
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {error && (
        <p role="alert" id={`${id}-error`} className="form-error">
          {error.message}
        </p>
      )}
      <label>
        {text.kind}
        <select value={input.kind} onChange={(event) => set({ kind: isStopKind(event.target.value) ? event.target.value : '' })} {...invalid('kind')}>
          <option value="">{text.kindUnset}</option>
          {STOP_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {text.kinds[kind]}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="plan-group" aria-describedby={`${id}-stay`}>
        <legend>{text.stay}</legend>
        <label>
          {text.stayHours}
          <input inputMode="numeric" placeholder={String(Math.floor(defaultStay / 60))} value={input.stayHours} onChange={(event) => set({ stayHours: event.target.value })} {...invalid('stayMinutes')} />
        </label>
        <label>
          {text.stayMinutes}
          <input inputMode="numeric" placeholder={String(defaultStay % 60)} value={input.stayMinutes} onChange={(event) => set({ stayMinutes: event.target.value })} {...invalid('stayMinutes')} />
        </label>
        <small id={`${id}-stay`}>{text.stayHint(Math.floor(defaultStay / 60), defaultStay % 60)}</small>
      </fieldset>
      <label>
        {text.fixedTime}
        <input type="time" value={input.fixedTime} onChange={(event) => set({ fixedTime: event.target.value })} {...invalid('fixedTime')} />
      </label>
      <fieldset className="plan-group">
        <legend>{text.openingHours}</legend>
        <label className="plan-check plan-wide">
          <input type="checkbox" checked={pick.always} onChange={(event) => changePick({ ...pick, always: event.target.checked })} />
          {text.always}
        </label>
        {!pick.always && (
          <>
            <fieldset className="plan-days plan-wide">
              <legend>{text.openDays}</legend>
              {WEEKDAYS.map((day, index) => (
                <label key={day}>
                  <input
                    type="checkbox"
                    checked={pick.days[index]}
                    onChange={(event) => changePick({ ...pick, days: pick.days.map((open, at) => (at === index ? event.target.checked : open)) })}
                  />
                  <span aria-hidden="true">{day}</span>
                  <span className="visually-hidden">{text.dayNames[index]}</span>
                </label>
              ))}
            </fieldset>
            <label>
              {text.opensAt}
              <input type="time" value={pick.from} onChange={(event) => changePick({ ...pick, from: event.target.value })} />
            </label>
            <label>
              {text.closesAt}
              <input type="time" value={pick.to} onChange={(event) => changePick({ ...pick, to: event.target.value })} />
            </label>
          </>
        )}
        <label className="plan-wide">
          {text.hoursText}
          <input
            value={input.openingHours}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => set({ openingHours: event.target.value })}
            aria-invalid={hoursError !== null || error?.field === 'openingHours' ? true : undefined}
            aria-describedby={`${id}-hours`}
          />
          <small id={`${id}-hours`} className={hoursError ? 'plan-error' : undefined} aria-live="polite">
            {hoursError ?? text.hoursTextHint}
          </small>
        </label>
      </fieldset>
      <label>
        {text.refuels}
        <select value={input.refuels} onChange={(event) => set({ refuels: isRefuelsChoice(event.target.value) ? event.target.value : 'kind' })} {...invalid('refuels')}>
          {REFUELS_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {text.refuelsChoices[choice]}
            </option>
          ))}
        </select>
      </label>
      <label className="plan-check">
        <input type="checkbox" checked={input.overnight} onChange={(event) => set({ overnight: event.target.checked })} />
        {text.overnight}
      </label>
      {input.overnight && (
        <fieldset className="plan-group">
          <legend>{text.lodging}</legend>
          <label className="plan-wide">
            {text.lodgingName}
            <input {...lodgingField('name')} autoComplete="off" />
          </label>
          <label className="plan-wide">
            {text.lodgingAddress}
            <input {...lodgingField('address')} autoComplete="off" />
          </label>
          <label>
            {text.checkIn}
            <input type="time" {...lodgingField('checkIn')} />
          </label>
          <label>
            {text.checkOut}
            <input type="time" {...lodgingField('checkOut')} />
          </label>
          <label>
            {text.confirmation}
            <input {...lodgingField('confirmation')} autoComplete="off" />
          </label>
          <label>
            {text.nights}
            <input inputMode="numeric" {...lodgingField('nights')} />
          </label>
          <label className="plan-wide">
            {text.link}
            <input type="url" {...lodgingField('url')} autoComplete="off" />
          </label>
          <label>
            {text.price}
            <input inputMode="decimal" {...lodgingField('price')} />
          </label>
          <label>
            {text.currency}
            <input {...lodgingField('currency')} autoComplete="off" maxLength={3} />
          </label>
        </fieldset>
      )}
      <DialogFormActions cancelLabel={tripPageMessages.cancel} submitLabel={tripPageMessages.saveChanges} pending={false} />
    </form>
  );
}
