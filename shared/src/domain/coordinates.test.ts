import { describe, expect, it } from 'vitest';
import { parseCoordinates } from './coordinates.ts';

const PORTLAND = { latitude: 45.52, longitude: -122.68 };

describe('parseCoordinates', () => {
  it.each([
    '45.52, -122.68',
    '45.52,-122.68',
    '  45.52 -122.68 ',
    '45.52; -122.68',
    '45.52 / -122.68',
    '45.52N 122.68W',
    '45.52 N, 122.68 W',
    'N45.52 W122.68',
    '122.68W 45.52N',
    '45.52°N 122.68°W',
    '45.52° -122.68°',
    '45.52, −122.68',
    'geo:45.52,-122.68',
  ])('reads decimal degrees: %s', (text) => {
    expect(parseCoordinates(text)).toEqual(PORTLAND);
  });

  it('reads degrees and minutes, and degrees, minutes and seconds, with any of the usual marks', () => {
    const expected = { latitude: 45.516667, longitude: -122.683333 };
    expect(parseCoordinates("45°31'N 122°41'W")).toEqual(expected);
    expect(parseCoordinates('45°31′N 122°41′W')).toEqual(expected);
    expect(parseCoordinates('45º31’N, 122º41’W')).toEqual(expected);
    expect(parseCoordinates("N 45° 31' W 122° 41'")).toEqual(expected);
    expect(parseCoordinates('45 31 N 122 41 W')).toEqual(expected);
    expect(parseCoordinates("45°31' -122°41'")).toEqual(expected);
    expect(parseCoordinates(`47°02'16.4"N 122°54'02.6"W`)).toEqual({ latitude: 47.037889, longitude: -122.900722 });
    expect(parseCoordinates('47°02′16.4″N 122°54′02.6″W')).toEqual({ latitude: 47.037889, longitude: -122.900722 });
    expect(parseCoordinates('47 2 16.4 N 122 54 2.6 W')).toEqual({ latitude: 47.037889, longitude: -122.900722 });
    expect(parseCoordinates("33°51.5'S 151°12.7'E")).toEqual({ latitude: -33.858333, longitude: 151.211667 });
  });

  it('takes the hemisphere words too', () => {
    expect(parseCoordinates('45.52 north, 122.68 west')).toEqual(PORTLAND);
  });

  it.each([
    'Route 66',
    '10 Downing Street',
    'Mendocino, CA',
    'Olympia 47.04, -122.90',
    '45, -122',
    '45 122',
    '45,52, 12,5',
    '1 2 3',
    '45.52',
    '',
    'N 45.52',
    'I-5 exit 99',
  ])('is not fooled by a name or an address that holds numbers: %s', (text) => {
    expect(parseCoordinates(text)).toBeNull();
  });

  it.each([
    ['a latitude past 90', '95.1, 10.2'],
    ['a longitude past 180', '45.1, 190.2'],
    ['minutes of 60 or more', "45°61'N 122°41'W"],
    ['seconds of 60 or more', `45°31'60"N 122°41'W`],
    ['minutes after fractional degrees', "45.5°31'N 122°41'W"],
    ['two latitudes', '45.52N 122.68S'],
    ['a sign and a hemisphere together', '-45.52S 122.68W'],
    ['seconds without minutes', `45°12"N 122°W`],
    ['exactly 0, 0 (no position)', '0.0, 0.0'],
  ])('refuses %s', (_case, text) => {
    expect(parseCoordinates(text)).toBeNull();
  });
});
