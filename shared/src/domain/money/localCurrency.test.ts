import { describe, expect, it } from 'vitest';
import { localeCurrency, regionCurrency } from './localCurrency.ts';

describe('the currency a new trip starts in', () => {
  it("follows the locale's region", () => {
    expect(localeCurrency('en-US')).toBe('USD');
    expect(localeCurrency('en-GB')).toBe('GBP');
    expect(localeCurrency('de-AT')).toBe('EUR');
    expect(localeCurrency('fr-CA')).toBe('CAD');
    expect(localeCurrency('en-AU')).toBe('AUD');
  });

  it("takes a language alone as its likely region's", () => {
    expect(localeCurrency('ja')).toBe('JPY');
    expect(localeCurrency('de')).toBe('EUR');
  });

  it('says nothing for no locale, a malformed one, or a region without a currency', () => {
    expect(localeCurrency(undefined)).toBeNull();
    expect(localeCurrency('')).toBeNull();
    expect(localeCurrency('not a locale!')).toBeNull();
    expect(regionCurrency('ZZ')).toBeNull();
    expect(regionCurrency('us')).toBe('USD');
  });
});
