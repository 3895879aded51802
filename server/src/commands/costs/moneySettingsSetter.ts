/**
 * Sets the trip's home currency, budgets and remembered rates (null clears one), each key under the money part's
 * rule (rates any member, the rest owner and editors); all or nothing.
 */
import { moneyWrites, readMoney, type MoneySettingKey, type MoneyState, type TMoneySettingsRequest, type TripRole } from '@caravan/shared';
import { writeParts, type TripDocHub, type User } from '@caravan/engine';


export function moneySettingsSetter(
  tripDocs: TripDocHub,
  actor: User,
  role: TripRole,
  { tripId, homeCurrency, budget = {}, rates = {} }: TMoneySettingsRequest,
): Promise<MoneyState> {
  const settings: ReadonlyArray<readonly [MoneySettingKey, string | number | null | undefined]> = [
    ...(homeCurrency === undefined ? [] : [['homeCurrency', homeCurrency] as const]),
    ...Object.entries(budget).map(([key, value]) => [`budget:${key}` as MoneySettingKey, value] as const),
    ...Object.entries(rates).map(([code, value]) => [`rate:${code}` as const, value] as const),
  ];
  return writeParts(
    tripDocs,
    tripId,
    actor,
    role,
    () => settings.flatMap(([key, value]) => moneyWrites.setMoneySetting(key, value ?? null)),
    readMoney,
  );
}
