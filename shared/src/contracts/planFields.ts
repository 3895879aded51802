/**
 * The trip in time, field by field: what a stop holds (its kind, stay, fixed time, opening hours, overnight and
 * lodging) and what the trip holds (start date, departure time, daily driving window), each with the rule its value
 * meets and the message a refusal gives. Both doors build from here, as they do from ./stopFields.ts: the REST
 * calls that set them and the trip document's field schemas, so they take the same values. The schedule itself is
 * derived from these (shared/src/schedule/), never stored.
 */
import { z } from 'zod';
import { isOpeningHours, OPENING_HOURS_MAX_LENGTH } from '../domain/openingHours.ts';
import { isTimeOfDay } from '../domain/timeOfDay.ts';
import { messages } from '../messages.ts';
import { isStorableText } from '../storableText.ts';
import { calendarDateInput } from './dateInputs.ts';
import { moneyFields } from './moneyFields.ts';
import { carriesCredentials, isHttpsUrl } from './stopFields.ts';
import { distanceUnitMessages } from './distanceUnit.ts';
import { STOP_KINDS, type StopKind } from './stopKinds.ts';

export const planMessages = {
  invalidKind: (kinds: readonly string[]) => `Kind must be one of: ${kinds.join(', ')}`,
  invalidStay: (max: number) => `Stay must be a whole number of minutes from 0 to ${max}`,
  invalidFixedTime: 'Fixed time must be a time of day as HH:MM, from 00:00 to 23:59',
  invalidOpeningHours: 'Opening hours must be in OpenStreetMap opening_hours form, such as "Mo-Fr 09:00-17:00"',
  openingHoursTooLong: (max: number) => `Opening hours must be at most ${max} characters`,
  invalidOvernight: 'overnight must be true or false',
  invalidRefuels: 'refuels must be true, false or null (as the stop\'s kind says)',
  invalidLodging: 'Lodging must be an object with a name, or null',
  lodgingNameRequired: 'Lodging name is required',
  lodgingTextTooLong: (field: string, max: number) => `Lodging ${field} must be at most ${max} characters`,
  invalidCheckTime: (field: string) => `Lodging ${field} must be a time of day as HH:MM, from 00:00 to 23:59`,
  invalidLodgingUrl: 'Lodging link must be an https address',
  lodgingUrlWithCredentials: 'Lodging link may not carry a user name or password (https://name:password@…)',
  invalidLodgingPrice: 'Lodging price must be a whole number of minor units (cents) from 0, with its currency',
  invalidNights: (max: number) => `Nights must be a whole number from 1 to ${max}`,
  invalidStartDate: 'Trip start date must be a valid date',
  invalidDepartureTime: 'Departure time must be a time of day as HH:MM, from 00:00 to 23:59',
  invalidEarliestDeparture: 'Earliest departure must be a time of day as HH:MM, from 00:00 to 23:59',
  windowOrder: 'Earliest departure must be before the latest arrival',
  ...distanceUnitMessages,
  planFieldRequired: 'Send at least one of kind, stayMinutes, fixedTime, openingHours, overnight, lodging, refuels',
  lodgingNeedsOvernight: 'Lodging is kept only on an overnight stop: set overnight to true with it',
} as const;

const m = planMessages;

/** What kind of place a stop is (./stopKinds.ts): it sets the stay a stop gets until someone gives it one. */
export { STOP_KINDS, type StopKind } from './stopKinds.ts';

/** Minutes spent at a stop of each kind when the stop names no stay of its own. */
export const DEFAULT_STAY_MINUTES: Record<StopKind, number> = {
  sight: 90,
  food: 60,
  nature: 120,
  fuel: 15,
  shopping: 45,
  lodging: 0,
  other: 60,
};

/** A week: longer is a base, not a stop on a road trip. */
export const MAX_STAY_MINUTES = 7 * 24 * 60;
export const MAX_NIGHTS = 60;
export const LODGING_NAME_MAX_LENGTH = 200;
export const LODGING_ADDRESS_MAX_LENGTH = 500;
export const LODGING_CONFIRMATION_MAX_LENGTH = 100;
export const LODGING_URL_MAX_LENGTH = 2048;
/** Minor units: a trillion cents is past any lodging bill and still an exact integer in a double. */
const MAX_PRICE_MINOR = 1_000_000_000_000;

const timeOfDay = (message: string) => z.string({ error: message }).refine(isTimeOfDay, message);
const text = (field: string, max: number, error: string = m.lodgingTextTooLong(field, max)) =>
  z
    .string({ error })
    .max(max, m.lodgingTextTooLong(field, max))
    .refine(isStorableText, messages.validation.textNotAllowed);


/** Where the group sleeps at an overnight stop; every part but the name is optional. */
export const ZLodging = z.object(
  {
    name: text('name', LODGING_NAME_MAX_LENGTH, m.lodgingNameRequired).refine((value) => value.trim() !== '', m.lodgingNameRequired),
    address: text('address', LODGING_ADDRESS_MAX_LENGTH).nullable(),
    checkIn: timeOfDay(m.invalidCheckTime('check-in')).nullable(),
    checkOut: timeOfDay(m.invalidCheckTime('check-out')).nullable(),
    confirmation: text('confirmation number', LODGING_CONFIRMATION_MAX_LENGTH).nullable(),
    url: z.string({ error: m.invalidLodgingUrl }).max(LODGING_URL_MAX_LENGTH, m.invalidLodgingUrl).refine(isHttpsUrl, m.invalidLodgingUrl).nullable(),
    price: z
      .object(
        {
          amountMinor: z.number({ error: m.invalidLodgingPrice }).int(m.invalidLodgingPrice).min(0, m.invalidLodgingPrice).max(MAX_PRICE_MINOR, m.invalidLodgingPrice),
          currency: moneyFields.currency,
        },
        { error: m.invalidLodgingPrice },
      )
      .strict()
      .nullable(),
    nights: z.number({ error: m.invalidNights(MAX_NIGHTS) }).int(m.invalidNights(MAX_NIGHTS)).min(1, m.invalidNights(MAX_NIGHTS)).max(MAX_NIGHTS, m.invalidNights(MAX_NIGHTS)),
  },
  { error: m.invalidLodging },
).strict();
export type Lodging = z.infer<typeof ZLodging>;

/**
 * A lodging as a member writes it, through either door: as above, and its link carries no user name or password
 * (`https://name:password@host/`), which would hand every member someone's login or dress one site up as another.
 * What the document already holds is read as `ZLodging`, so a link written before this rule still reads.
 */
const writtenLodging = ZLodging.refine((lodging) => lodging.url === null || !carriesCredentials(lodging.url), {
  message: m.lodgingUrlWithCredentials,
  path: ['url'],
});

/**
 * A stop's plan fields, each null when unset. `stayMinutes` null means the default for its `kind`; `fixedTime` is
 * the local time the group must be there, on the stop's planned arrival date when it has one, else on whatever day
 * the schedule puts it; `openingHours` is OpenStreetMap `opening_hours` text; `lodging` is kept only while
 * `overnight` is true.
 */
export const planStopFields = {
  kind: z.enum(STOP_KINDS, { error: m.invalidKind(STOP_KINDS) }).nullable(),
  stayMinutes: z.number({ error: m.invalidStay(MAX_STAY_MINUTES) }).int(m.invalidStay(MAX_STAY_MINUTES)).min(0, m.invalidStay(MAX_STAY_MINUTES)).max(MAX_STAY_MINUTES, m.invalidStay(MAX_STAY_MINUTES)).nullable(),
  fixedTime: timeOfDay(m.invalidFixedTime).nullable(),
  openingHours: z
    .string({ error: m.invalidOpeningHours })
    .max(OPENING_HOURS_MAX_LENGTH, m.openingHoursTooLong(OPENING_HOURS_MAX_LENGTH))
    .refine(isStorableText, messages.validation.textNotAllowed)
    .refine(isOpeningHours, m.invalidOpeningHours)
    .nullable(),
  overnight: z.boolean({ error: m.invalidOvernight }),
  lodging: writtenLodging.nullable(),
  /** Whether the car refuels or recharges here; null: as its kind says (a fuel stop does). */
  refuels: z.boolean({ error: m.invalidRefuels }).nullable(),
};
export type PlanStopFieldKey = keyof typeof planStopFields;
export const PLAN_STOP_FIELD_KEYS = Object.keys(planStopFields) as PlanStopFieldKey[];
export type PlanStopFields = { [K in PlanStopFieldKey]: z.infer<(typeof planStopFields)[K]> };

/** A stop as the schedule reads it before any plan field was set. */
export const EMPTY_PLAN_STOP_FIELDS: PlanStopFields = {
  kind: null,
  stayMinutes: null,
  fixedTime: null,
  openingHours: null,
  overnight: false,
  lodging: null,
  refuels: null,
};

/**
 * The trip's plan settings, set by its owner and mirrored into the document's meta like the road settings
 * (./roadSettings.ts: `arrivalTime` is the latest arrival of every day's window, `dailyDriveLimitMinutes` the limit
 * of every day's driving). `startDate` null means day 1 is the first stop's planned arrival date, or today.
 */
export const planTripFields = {
  startDate: calendarDateInput(m.invalidStartDate).nullable(),
  departureTime: timeOfDay(m.invalidDepartureTime),
  earliestDeparture: timeOfDay(m.invalidEarliestDeparture),
};
export const DEFAULT_DEPARTURE_TIME = '09:00';
export const DEFAULT_EARLIEST_DEPARTURE = '08:00';

export { ZDistanceUnit, type DistanceUnit } from './distanceUnit.ts';
