/**
 * Sets the trip's home currency, budgets and remembered rates (null clears one), each key under its rule
 * (mayWriteMoneySetting: rates any member, the rest owner and editors); all or nothing.
 */
import { mayWriteMoneySetting, moneySettingsMap, readMoney, type MoneyState, type TMoneySettingsRequest, type TripRole } from '@caravan/shared';
import { serverOrigin, type TripDocHub, type User } from '@caravan/engine';
import { allowOrForbid } from './costsDoc.ts';

export function moneySettingsSetter(
  tripDocs: TripDocHub,
  actor: User,
  role: TripRole | null,
  { tripId, homeCurrency, budget = {}, rates = {} }: TMoneySettingsRequest,
): Promise<MoneyState> {
  const writes = new Map<string, unknown>([
    ...(homeCurrency === undefined ? [] : [['homeCurrency', homeCurrency] as const]),
    ...Object.entries(budget).map(([key, value]) => [`budget:${key}`, value] as const),
    ...Object.entries(rates).map(([code, value]) => [`rate:${code}`, value] as const),
  ]);
  for (const key of writes.keys()) allowOrForbid(mayWriteMoneySetting(role, key));
  return tripDocs.write(tripId, serverOrigin(actor.id), ({ doc, transact }) => {
    const settings = moneySettingsMap(doc);
    transact(() => {
      for (const [key, value] of writes) {
        if (value === null) settings.delete(key);
        else settings.set(key, value);
      }
    });
    return readMoney(doc);
  });
}
