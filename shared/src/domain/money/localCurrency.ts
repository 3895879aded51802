/**
 * The currency a new trip starts in (docs/product.md#costs): the one of the region its owner's browser names
 * ('en-US' → USD, 'de-AT' → EUR; a language alone stands for its likely region, 'ja' → JPY). Region to currency:
 * the `country-to-currency` package (ISO 3166-1 to ISO 4217), kept to the currencies an amount may be in.
 */
import countryToCurrency from 'country-to-currency';
import { isCurrencyCode } from './currencies.ts';

/** The currency of an ISO 3166-1 region code ('US' → 'USD'), or null when it has none an amount may be in. */
export function regionCurrency(region: string | null | undefined): string | null {
  const code = region ? (countryToCurrency as Record<string, string | undefined>)[region.toUpperCase()] : undefined;
  return code && isCurrencyCode(code) ? code : null;
}

/** The currency of a BCP 47 locale's region, or of the region its language is most used in; null when neither says. */
export function localeCurrency(locale: string | null | undefined): string | null {
  if (!locale) return null;
  try {
    return regionCurrency(new Intl.Locale(locale).maximize().region);
  } catch {
    return null;
  }
}
