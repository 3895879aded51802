import { DateTime } from 'luxon';
import moment from 'moment-timezone';
import { describe, expect, it } from 'vitest';
import { knownZoneNames, readableAbbreviation, tzdataVersion, zoneAbbreviation, zoneNamed, zoneOffsetMinutes } from './index.ts';

const at = (iso: string) => Date.parse(iso);

describe('the bundled zone data', () => {
  it('is a tz release of 2026 or later, the one that ended the clock change in British Columbia and Alberta', () => {
    expect(tzdataVersion).toMatch(/^20(2[6-9]|[3-9]\d)[a-z]$/);
  });

  // The tz database's northamerica file (since 2026a): America/Edmonton follows the Canada rules until the
  // 2026-11-01 fall-back instant, then stays at -6:00 ('CST'); America/Vancouver stays at -7:00 ('MST').
  it('has Alberta on UTC−6 all year from November 2026, and on UTC−7 in the winter before', () => {
    expect(zoneOffsetMinutes(at('2026-12-15T19:00:00Z'), 'America/Edmonton')).toBe(-360);
    expect(zoneOffsetMinutes(at('2027-01-15T19:00:00Z'), 'America/Edmonton')).toBe(-360);
    expect(zoneAbbreviation(at('2026-12-15T19:00:00Z'), 'America/Edmonton')).toBe('CST');
    expect(zoneOffsetMinutes(at('2025-12-15T19:00:00Z'), 'America/Edmonton')).toBe(-420);
    expect(zoneAbbreviation(at('2025-12-15T19:00:00Z'), 'America/Edmonton')).toBe('MST');
    expect(zoneAbbreviation(at('2026-07-15T19:00:00Z'), 'America/Edmonton')).toBe('MDT');
  });

  it('has British Columbia on UTC−7 all year from November 2026, and on UTC−8 in the winter before', () => {
    expect(zoneOffsetMinutes(at('2026-12-15T19:00:00Z'), 'America/Vancouver')).toBe(-420);
    expect(zoneAbbreviation(at('2027-01-15T19:00:00Z'), 'America/Vancouver')).toBe('MST');
    expect(zoneOffsetMinutes(at('2025-12-15T19:00:00Z'), 'America/Vancouver')).toBe(-480);
  });

  it('changes Alberta’s name at the fall-back instant without changing its offset', () => {
    const change = at('2026-11-01T08:00:00Z');
    expect([zoneOffsetMinutes(change - 1, 'America/Edmonton'), zoneOffsetMinutes(change, 'America/Edmonton')]).toEqual([-360, -360]);
    expect([zoneAbbreviation(change - 1, 'America/Edmonton'), zoneAbbreviation(change, 'America/Edmonton')]).toEqual(['MDT', 'CST']);
  });

  it('reads every zone and link as moment-timezone reads its full data, from 1970 through 2100, around every change', () => {
    const names = knownZoneNames();
    expect(names.length).toBeGreaterThan(500);
    const disagreements: string[] = [];
    const compare = (name: string, ms: number, ours: unknown, theirs: unknown) => {
      if (ours !== theirs) disagreements.push(`${name} at ${new Date(ms).toISOString()}: ${String(ours)}, not ${String(theirs)}`);
    };
    for (const name of names) {
      const theirs = moment.tz.zone(name)!;
      const offsetOf = (ms: number) => -Math.round(theirs.utcOffset(ms)) || 0;
      for (let ms = at('1970-01-01T00:00:00Z'); ms < at('2101-01-01T00:00:00Z'); ms += 67 * 86_400_000 + 3_600_000) {
        compare(name, ms, zoneOffsetMinutes(ms, name), offsetOf(ms));
      }
      for (const until of theirs.untils.filter((ms) => ms > 0 && ms < at('2101-01-01T00:00:00Z'))) {
        for (const ms of [until - 1, until]) {
          compare(name, ms, zoneOffsetMinutes(ms, name), offsetOf(ms));
          compare(name, ms, zoneAbbreviation(ms, name), readableAbbreviation(theirs.abbr(ms)));
        }
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('knows a link by its own name and a name in any case, and no made-up name', () => {
    expect(zoneNamed('US/Pacific').name).toBe('US/Pacific');
    expect(zoneOffsetMinutes(at('2026-12-15T19:00:00Z'), 'US/Pacific')).toBe(-480);
    expect(zoneNamed('america/edmonton').name).toBe('America/Edmonton');
    expect(zoneNamed('Nowhere/Else').isValid).toBe(false);
    expect(zoneOffsetMinutes(0, 'Nowhere/Else')).toBeNaN();
    expect(zoneAbbreviation(0, 'Nowhere/Else')).toBe('Nowhere/Else');
  });

  it('names an offset-only zone as English Intl does', () => {
    expect(zoneAbbreviation(at('2026-12-15T19:00:00Z'), 'Asia/Dubai')).toBe('GMT+4');
    expect(readableAbbreviation('-0330')).toBe('GMT-3:30');
    expect(readableAbbreviation('+0545')).toBe('GMT+5:45');
    expect(readableAbbreviation('+00')).toBe('GMT');
    expect(readableAbbreviation('CEST')).toBe('CEST');
  });
});

describe('a luxon DateTime in a bundled zone', () => {
  const edmonton = zoneNamed('America/Edmonton');

  it('reads the wall clock, offset and name of the bundled rules', () => {
    const noon = DateTime.fromMillis(at('2026-12-15T18:00:00Z'), { zone: edmonton, locale: 'en-US' });
    expect(noon.toFormat('yyyy-MM-dd HH:mm ZZ ZZZZ')).toBe('2026-12-15 12:00 -06:00 CST');
    expect(noon.toLocaleString(DateTime.DATETIME_FULL).replace(/\s/g, ' ')).toBe('December 15, 2026 at 12:00 PM CST');
    expect(DateTime.fromISO('2026-12-15T12:00', { zone: edmonton }).toMillis()).toBe(at('2026-12-15T18:00:00Z'));
  });

  it('moves a wall clock in the spring-forward gap on, and takes the earlier of a repeated hour', () => {
    expect(DateTime.fromObject({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, { zone: edmonton }).toISO()).toBe('2026-03-08T03:30:00.000-06:00');
    const vancouver = zoneNamed('America/Vancouver');
    expect(DateTime.fromObject({ year: 2025, month: 11, day: 2, hour: 1, minute: 30 }, { zone: vancouver }).toISO()).toBe('2025-11-02T01:30:00.000-07:00');
  });

  it('is invalid in a zone the data does not know', () => {
    expect(DateTime.fromMillis(0, { zone: zoneNamed('Nowhere/Else') }).isValid).toBe(false);
  });
});
