import { describe, expect, it } from 'vitest';
import { appleMapsUrl, geoUri, wazeUrl } from './navigationLinks.ts';

const pier = { name: 'Pier 39 (west) & café', latitude: 37.8087, longitude: -122.4098 };

describe('navigation hand-off links', () => {
  it('asks Apple Maps and Waze for directions to the coordinates', () => {
    expect(appleMapsUrl(pier)).toBe('https://maps.apple.com/?daddr=37.8087,-122.4098');
    expect(wazeUrl(pier)).toBe('https://waze.com/ul?ll=37.8087,-122.4098&navigate=yes');
  });

  it('gives a phone a geo: URI with the name as the label, parentheses taken out and the rest encoded', () => {
    expect(geoUri(pier)).toBe('geo:37.8087,-122.4098?q=37.8087,-122.4098(Pier%2039%20%20west%20%20%26%20caf%C3%A9)');
  });
});
