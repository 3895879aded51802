/**
 * The European Central Bank's daily reference rates (eurofxref-daily.xml: `<Cube currency="USD" rate="1.0842"/>`
 * under the day's Cube), read with saxes, kept for 6 hours; a failed or malformed answer gives null (and is
 * logged), and is asked again after a minute rather than on every call.
 */
import { SaxesParser } from 'saxes';
import { isCurrencyCode, isRate } from '@caravan/shared';
import type { Logger } from '@caravan/engine';
import type { EuroRates, ExchangeRates } from './exchangeRates.ts';

const FRESH_MS = 6 * 60 * 60_000;
const RETRY_MS = 60_000;
const TIMEOUT_MS = 5000;

export function parseEcbRates(xml: string): EuroRates {
  const rates: EuroRates = {};
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    if (tag.name !== 'Cube' && !tag.name.endsWith(':Cube')) return;
    const { currency, rate } = tag.attributes as Record<string, string>;
    if (typeof currency === 'string' && typeof rate === 'string' && isCurrencyCode(currency) && isRate(rate)) rates[currency] = rate;
  });
  parser.write(xml).close();
  if (Object.keys(rates).length === 0) throw new Error('no rates in the answer');
  return rates;
}

export function createEcbRates(url: string, fetcher: typeof fetch, logger?: Pick<Logger, 'warn'>, now = () => Date.now()): ExchangeRates {
  let cached: { rates: EuroRates | null; until: number } | null = null;
  return {
    async euroRates() {
      if (cached && cached.until > now()) return cached.rates;
      try {
        const response = await fetcher(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
        if (!response.ok) throw new Error(`answered ${response.status}`);
        cached = { rates: parseEcbRates(await response.text()), until: now() + FRESH_MS };
      } catch (err) {
        logger?.warn({ err }, 'exchange rates unavailable');
        cached = { rates: cached?.rates ?? null, until: now() + RETRY_MS };
      }
      return cached.rates;
    },
  };
}
