/** ISO 4217 currencies as dinero.js ships them (code and minor-unit exponent): the only ones an amount may be in. */
import * as bigintCurrencies from 'dinero.js/bigint/currencies';
import type { DineroCurrency } from 'dinero.js';

type Currency = DineroCurrency<bigint>;
const CURRENCIES: ReadonlyMap<string, Currency> = new Map(
  Object.values(bigintCurrencies as Record<string, Currency>).map((currency) => [currency.code, currency]),
);

export const CURRENCY_CODES: readonly string[] = [...CURRENCIES.keys()].sort();
export const isCurrencyCode = (code: string) => CURRENCIES.has(code);

/** The dinero.js currency for a code isCurrencyCode accepted. */
export function currencyOf(code: string): Currency {
  const currency = CURRENCIES.get(code);
  if (!currency) throw new Error(`Unknown currency ${code}`);
  return currency;
}

/** Digits after the decimal point in `code`'s minor unit (2 for EUR, 0 for JPY, 3 for KWD). */
export const minorDigits = (code: string) => Number(currencyOf(code).exponent);

/** An amount in minor units as the decimal text people read ("1234" EUR → "12.34"); no grouping, no symbol. */
export function formatMinor(amount: number, code: string): string {
  const digits = minorDigits(code);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** "12.34" with 2 digits → 1234; null when the text is not a plain decimal with at most `digits` decimals. */
export function parseScaled(text: string, digits: number): number | null {
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[2] ?? '').length > digits) return null;
  return Number(match[1] + (match[2] ?? '').padEnd(digits, '0'));
}

/** "12.34" in EUR → 1234; null when the text is not a plain decimal with at most the currency's digits. */
export const parseMinor = (text: string, code: string) => parseScaled(text, minorDigits(code));
