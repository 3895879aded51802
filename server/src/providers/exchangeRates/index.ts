/**
 * Picks the exchange rates: the ECB's daily rates when EXCHANGE_RATES_URL is set (by PROVIDERS=auto, the ECB's
 * own file, asked through `remote`: identified, skipped while down), none otherwise.
 */
import type { Config, Logger, RemoteProvider } from '@caravan/engine';
import { createEcbRates } from './ecb.ts';
import { noExchangeRates, type ExchangeRates } from './exchangeRates.ts';

export function createExchangeRates(config: Pick<Config, 'exchangeRatesUrl'>, logger?: Logger, remote?: RemoteProvider): ExchangeRates {
  return config.exchangeRatesUrl ? createEcbRates(config.exchangeRatesUrl, remote?.fetch ?? fetch, logger) : noExchangeRates;
}
