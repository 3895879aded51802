/** The trip document's shared costs, re-read when expenses, payments, settings or stops (their lodging) change (any member's, live). */
import { useEffect, useState } from 'react';
import type * as Y from 'yjs';
import { expensesMap, metaMap, moneySettingsMap, paymentsMap, readMoney, stopsMap, type MoneyState } from '@caravan/shared';

export function useMoney(doc: Y.Doc | null): { ready: boolean; state: MoneyState | null } {
  const [value, setValue] = useState<{ ready: boolean; state: MoneyState | null }>({ ready: false, state: null });
  useEffect(() => {
    if (!doc) return setValue({ ready: false, state: null });
    const roots = [expensesMap(doc), paymentsMap(doc), moneySettingsMap(doc), metaMap(doc)];
    let frame: number | null = null;
    const readNow = () => {
      frame = null;
      setValue({ ready: metaMap(doc).size > 0, state: readMoney(doc) });
    };
    const update = () => {
      frame ??= requestAnimationFrame(readNow);
    };
    readNow();
    roots.forEach((root) => root.observe(update));
    // A lodging lives inside a stop: its changes reach only a deep observer.
    stopsMap(doc).observeDeep(update);
    return () => {
      roots.forEach((root) => root.unobserve(update));
      stopsMap(doc).unobserveDeep(update);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [doc]);
  return value;
}
