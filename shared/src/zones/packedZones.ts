/**
 * The IANA time-zone database as moment-timezone publishes it, cut to 1970–2100 (tzdata.json, made by
 * packZoneData.ts: every zone's offsets, abbreviations and UTC change instants, compiled from the tz release named in
 * `version`), read without moment itself. The server and the browser read this one file, so a zone's rules are the
 * same on both, whatever tz data Node's ICU or the browser carries. The packed format
 * (momentjs.com/timezone/docs/#/data-formats/packed-format): 'Name|abbrs|offsets|indices|untils|population', numbers
 * in base 60, offsets in minutes west of UTC, untils as differences in minutes; links 'Target|Alias'.
 */
import packed from './tzdata.json';

/** A zone's periods in order: period i has `offsets[i]` (minutes east of UTC) and `abbreviations[i]` until `untils[i]`. */
export interface ZoneRules {
  name: string;
  abbreviations: string[];
  offsets: number[];
  /** Epoch ms each period ends (exclusive); the last is Infinity. */
  untils: number[];
}

/** The tz release the data was compiled from ('2026f'). */
export const tzdataVersion: string = packed.version;

const digit = (code: number) => (code > 96 ? code - 87 : code > 64 ? code - 29 : code - 48);

function base60(text: string): number {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  let value = 0;
  for (let i = 0; i < whole.length; i++) value = value * 60 + digit(whole.charCodeAt(i));
  for (let i = 0, unit = 1 / 60; i < fraction.length; i++, unit /= 60) value += digit(fraction.charCodeAt(i)) * unit;
  return negative ? -value : value;
}

function unpack(line: string): ZoneRules {
  const [name, abbreviationText, offsetText, indexText, untilText] = line.split('|');
  const abbreviations = abbreviationText.split(' ');
  // Whole minutes: only local mean times before standard time have seconds, and no schedule reaches them.
  const offsets = offsetText.split(' ').map((offset) => -Math.round(base60(offset)) || 0);
  const indices = [...indexText].map((index) => digit(index.charCodeAt(0)));
  const untils: number[] = [];
  let at = 0;
  for (const step of untilText ? untilText.split(' ') : []) untils.push((at = Math.round(at + base60(step) * 60_000)));
  untils.length = indices.length;
  untils[indices.length - 1] = Infinity;
  return { name, abbreviations: indices.map((i) => abbreviations[i]), offsets: indices.map((i) => offsets[i]), untils };
}

/** A name as the data spells it, with its zone's packed line. */
interface Entry {
  name: string;
  line: string;
}

/** The data as packed, for a library that reads this format itself (moment-timezone's `tz.load`). */
export const packedZoneData: { version: string; zones: string[]; links: string[] } = packed;

let entries: Map<string, Entry> | null = null;
const unpacked = new Map<string, ZoneRules | null>();

/** Lower-cased name (zone or link) → its entry, built on first use. */
function entriesByName(): Map<string, Entry> {
  if (entries) return entries;
  entries = new Map(packed.zones.map((line) => {
    const name = line.slice(0, line.indexOf('|'));
    return [name.toLowerCase(), { name, line }];
  }));
  for (const link of packed.links) {
    const [target, alias] = link.split('|');
    const entry = entries.get(target.toLowerCase());
    if (entry) entries.set(alias.toLowerCase(), { name: alias, line: entry.line });
  }
  return entries;
}

/**
 * The rules of the zone `name` (case-insensitive; a link has its target's rules under its own name, as the data
 * spells it), or null for a name the data does not know.
 */
export function zoneRules(name: string): ZoneRules | null {
  const key = name.toLowerCase();
  let rules = unpacked.get(key);
  if (rules === undefined) {
    const entry = entriesByName().get(key);
    rules = entry ? { ...unpack(entry.line), name: entry.name } : null;
    unpacked.set(key, rules);
  }
  return rules;
}

/** Every zone and link name the data knows. */
export const knownZoneNames = (): string[] => [...entriesByName().values()].map((entry) => entry.name);

/** The index of the period in force at `ms` (binary search: a zone has a few hundred periods at most). */
export function periodAt(rules: ZoneRules, ms: number): number {
  let [low, high] = [0, rules.untils.length - 1];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ms < rules.untils[middle]) high = middle;
    else low = middle + 1;
  }
  return low;
}
