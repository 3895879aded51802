/**
 * The Plan dialog's values (docs/product.md#stops): a stop's plan as the form holds it (text as typed) and the
 * plan to write, checked with the REST door's request (ZUpdateStopPlanRequest), so its messages are the server's.
 */
import {
  DEFAULT_STAY_MINUTES,
  formatMinor,
  isCurrencyCode,
  parseMinor,
  STOP_KINDS,
  ZUpdateStopPlanRequest,
  type DocStop,
  type Lodging,
  type PlanStopFields,
  type StopKind,
} from '@caravan/shared';

export interface LodgingInput {
  name: string;
  address: string;
  checkIn: string;
  checkOut: string;
  confirmation: string;
  url: string;
  /** In major units as typed ("189.50"). */
  price: string;
  currency: string;
  nights: string;
}

export interface PlanInput {
  kind: StopKind | '';
  stayHours: string;
  stayMinutes: string;
  fixedTime: string;
  openingHours: string;
  overnight: boolean;
  lodging: LodgingInput;
  /** Whether the car refuels here: 'kind' leaves it to the stop's kind (a fuel stop does). */
  refuels: RefuelsChoice;
}

export type RefuelsChoice = 'kind' | 'yes' | 'no';
export const REFUELS_CHOICES: readonly RefuelsChoice[] = ['kind', 'yes', 'no'];
export const isRefuelsChoice = (value: string): value is RefuelsChoice => (REFUELS_CHOICES as readonly string[]).includes(value);
const refuelsOf = (choice: RefuelsChoice) => (choice === 'kind' ? null : choice === 'yes');

export const isStopKind = (value: string): value is StopKind => (STOP_KINDS as readonly string[]).includes(value);

/** The stay a stop of this kind gets when it names none, in minutes. */
export const defaultStayOf = (kind: StopKind | '') => DEFAULT_STAY_MINUTES[kind || 'other'];

export function planInput(stop: Pick<DocStop, keyof PlanStopFields>, homeCurrency: string): PlanInput {
  const lodging = stop.lodging;
  const stay = stop.stayMinutes;
  return {
    kind: stop.kind ?? '',
    stayHours: stay === null ? '' : String(Math.floor(stay / 60)),
    stayMinutes: stay === null ? '' : String(stay % 60),
    fixedTime: stop.fixedTime ?? '',
    openingHours: stop.openingHours ?? '',
    overnight: stop.overnight,
    refuels: stop.refuels === true ? 'yes' : stop.refuels === false ? 'no' : 'kind',
    lodging: {
      name: lodging?.name ?? '',
      address: lodging?.address ?? '',
      checkIn: lodging?.checkIn ?? '',
      checkOut: lodging?.checkOut ?? '',
      confirmation: lodging?.confirmation ?? '',
      url: lodging?.url ?? '',
      price: lodging?.price ? formatMinor(lodging.price.amountMinor, lodging.price.currency) : '',
      currency: lodging?.price?.currency ?? homeCurrency,
      nights: String(lodging?.nights ?? 1),
    },
  };
}

const orNull = (text: string) => text.trim() || null;
/** A whole number as typed, or NaN (which the request refuses with its own message). */
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

function stayOf(input: PlanInput): number | null {
  if (input.stayHours.trim() === '' && input.stayMinutes.trim() === '') return null;
  const [hours, minutes] = [input.stayHours.trim() || '0', input.stayMinutes.trim() || '0'].map(wholeNumber);
  return hours * 60 + minutes;
}

function lodgingOf({ lodging }: PlanInput): Lodging {
  const currency = lodging.currency.trim().toUpperCase();
  const price = lodging.price.trim();
  return {
    name: lodging.name.trim(),
    address: orNull(lodging.address),
    checkIn: orNull(lodging.checkIn.slice(0, 5)),
    checkOut: orNull(lodging.checkOut.slice(0, 5)),
    confirmation: orNull(lodging.confirmation),
    url: orNull(lodging.url),
    price: price ? { amountMinor: (isCurrencyCode(currency) ? parseMinor(price, currency) : null) ?? Number.NaN, currency } : null,
    nights: wholeNumber(lodging.nights),
  };
}

/** The plan to write, or the first refusal with the field it is about ('lodging.name' for a lodging's part). */
export function parsePlan(input: PlanInput, tripId: string, stopId: string): { plan: PlanStopFields } | { error: string; field: string } {
  const fields: PlanStopFields = {
    kind: input.kind || null,
    stayMinutes: stayOf(input),
    fixedTime: orNull(input.fixedTime.slice(0, 5)),
    openingHours: orNull(input.openingHours),
    overnight: input.overnight,
    lodging: input.overnight ? lodgingOf(input) : null,
    refuels: refuelsOf(input.refuels),
  };
  const parsed = ZUpdateStopPlanRequest.safeParse({ tripId, stopId, ...fields });
  if (parsed.success) return { plan: fields };
  const [issue] = parsed.error.issues;
  return { error: issue.message, field: issue.path.slice(0, 2).join('.') };
}
