/** Picks the exchange rates: the ECB's daily rates when EXCHANGE_RATES_URL is set, none otherwise. */
import type { Config, Logger } from '@caravan/engine';
import { createEcbRates } from './ecb.ts';
import { noExchangeRates, type ExchangeRates } from './exchangeRates.ts';

export function createExchangeRates(config: Pick<Config, 'exchangeRatesUrl'>, logger?: Logger): ExchangeRates {
  return config.exchangeRatesUrl ? createEcbRates(config.exchangeRatesUrl, fetch, logger) : noExchangeRates;
}
