/** The trip document's shared costs, re-read when expenses, payments, settings or stops (their lodging) change (any member's, live). */
import type * as Y from 'yjs';
import { expensesMap, moneySettingsMap, paymentsMap, readMoney, stopsMap, type MoneyState } from '@caravan/shared';
import { useDocValue } from '../../../lib/collab/useDocValue.ts';

// A lodging lives inside a stop: useDocValue observes deep, so its changes count.
const moneyRoots = (doc: Y.Doc) => [expensesMap(doc), paymentsMap(doc), moneySettingsMap(doc), stopsMap(doc)];

export function useMoney(doc: Y.Doc | null): { ready: boolean; state: MoneyState | null } {
  const { ready, value } = useDocValue<MoneyState | null>(doc, moneyRoots, readMoney, null);
  return { ready, state: value };
}
