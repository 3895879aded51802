/**
 * Exchange rates that pre-fill an expense's rate (docs/product.md#costs): the European Central Bank's daily
 * reference rates when EXCHANGE_RATES_URL is set (./ecb.ts), nothing otherwise, and nothing while it cannot be
 * reached; members type a rate then, as offline. Cross rates between two non-euro currencies go through the euro
 * with integers only, to 8 decimals.
 */

/** 1 EUR in each currency, as decimal text ("1.0842" for USD); EUR itself is 1. */
export type EuroRates = Record<string, string>;

export interface ExchangeRates {
  /** The latest rates, or null when there are none to give. */
  euroRates(): Promise<EuroRates | null>;
}

export const noExchangeRates: ExchangeRates = { euroRates: async () => null };

const SCALE = 8;
const scaled = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(SCALE, '0').slice(0, SCALE));
};

/** "1 <code> in <home>" for each currency the rates know, to 8 decimals (trailing zeros trimmed). */
export function ratesToHome(rates: EuroRates, home: string): Record<string, string> {
  const all: EuroRates = { ...rates, EUR: '1' };
  if (!all[home]) return {};
  const homePerEuro = scaled(all[home]);
  const result: Record<string, string> = {};
  for (const [code, perEuro] of Object.entries(all)) {
    if (code === home) continue;
    const per = scaled(perEuro);
    if (per === 0n) continue;
    // home per code = (home per euro) / (code per euro), rounded half up at 8 decimals.
    const value = (homePerEuro * 10n ** BigInt(SCALE) * 2n + per) / (2n * per);
    if (value === 0n) continue;
    const text = value.toString().padStart(SCALE + 1, '0');
    result[code] = `${text.slice(0, -SCALE)}.${text.slice(-SCALE)}`.replace(/\.?0+$/, '');
  }
  return result;
}
