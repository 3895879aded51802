/**
 * A luxon Zone read from the bundled tz data (packedZones.ts) instead of the runtime's Intl, so a DateTime in a
 * stop's zone has the same offset and name on the server and in every browser. Every named zone the app reads a
 * clock in goes through `zoneNamed`; luxon handles a custom zone everywhere an IANAZone goes (its Intl formatting
 * of a custom zone formats the shifted UTC clock, and asks the zone for its name).
 */
import { FixedOffsetZone, InvalidZone, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon';
import { periodAt, zoneRules, type ZoneRules } from './packedZones.ts';

/**
 * '+03' or '-0330' (the tz database's name for a zone with no letters of its own) as 'GMT+3' or 'GMT-3:30', as
 * Intl's English short names read; letters ('PDT', 'CEST', 'UTC') as they are.
 */
export function readableAbbreviation(abbreviation: string): string {
  const numeric = /^([+-])(\d\d)(\d\d)?$/.exec(abbreviation);
  if (!numeric) return abbreviation;
  const [, sign, hours, minutes] = numeric;
  if (Number(hours) === 0 && !Number(minutes)) return 'GMT';
  return `GMT${sign}${Number(hours)}${minutes && minutes !== '00' ? `:${minutes}` : ''}`;
}

export class BundledZone extends Zone<true> {
  readonly #rules: ZoneRules;
  /** The last period asked for: a schedule asks about nearby instants one after another. */
  #last = 0;

  constructor(rules: ZoneRules) {
    super();
    this.#rules = rules;
  }

  get type(): string {
    return 'bundled';
  }

  get name(): string {
    return this.#rules.name;
  }

  get isUniversal(): boolean {
    return this.#rules.offsets.length === 1;
  }

  get isValid(): true {
    return true;
  }

  #period(ms: number): number {
    const { untils } = this.#rules;
    const last = this.#last;
    if (ms < untils[last] && (last === 0 || ms >= untils[last - 1])) return last;
    return (this.#last = periodAt(this.#rules, ms));
  }

  offset(ms: number): number {
    return Number.isFinite(ms) ? this.#rules.offsets[this.#period(ms)] : Number.NaN;
  }

  /** The tz database's abbreviation ('MDT', 'CEST', 'GMT+3'); the data has no long names, so 'long' gives it too. */
  offsetName(ms: number, _options?: ZoneOffsetOptions): string {
    return readableAbbreviation(this.#rules.abbreviations[this.#period(ms)]);
  }

  formatOffset(ms: number, format: ZoneOffsetFormat): string {
    return FixedOffsetZone.instance(this.offset(ms)).formatOffset(ms, format);
  }

  equals(other: Zone): boolean {
    return other.type === this.type && other.name === this.name;
  }
}

const zones = new Map<string, Zone>();
/** luxon's InvalidZone takes the name it stands for (its typings leave the parameter out). */
const UnknownZone = InvalidZone as unknown as new (name: string) => Zone;

/**
 * The zone called `name` ('America/Edmonton', 'UTC', a link such as 'US/Pacific') from the bundled data; an invalid
 * zone (a DateTime in it is invalid, its offset NaN) for a name the data does not know.
 */
export function zoneNamed(name: string): Zone {
  let zone = zones.get(name);
  if (!zone) {
    const rules = zoneRules(name);
    zones.set(name, (zone = rules ? new BundledZone(rules) : new UnknownZone(name)));
  }
  return zone;
}
