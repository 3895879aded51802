/**
 * Records the activity of members' live shared-cost edits, as the REST commands record theirs
 * (engine/src/tripDocs/moneyActivity.ts): watches the room's expenses and payments for transactions a
 * connection applied and writes the entries as a server-derived change, like ./liveActivity.ts does for stops.
 */
import * as Y from 'yjs';
import { expensesMap, paymentsMap } from '@caravan/shared';
import { recordMoneyChange, type MoneyChange } from '@caravan/engine';
import { Connection } from './connection.ts';

function changesOf(event: Y.YMapEvent<unknown>, kind: 'expense' | 'payment'): MoneyChange[] {
  const map = event.target as Y.Map<unknown>;
  return [...event.changes.keys].flatMap(([id, { action, oldValue }]): MoneyChange[] => {
    if (action === 'delete') return [{ kind, action: 'deleted', id, entry: oldValue }];
    // A payment edited in place is rare (the app deletes and records); it reads as a new one.
    const added = action === 'add' || kind === 'payment';
    return [{ kind, action: added ? 'added' : 'updated', id, entry: map.get(id) } as MoneyChange];
  });
}

/** Starts watching `doc`; `applyDerived` is the room's. Returns the stop function. */
export function watchLiveMoneyActivity(doc: Y.Doc, applyDerived: (change: (doc: Y.Doc) => void) => void): () => void {
  const roots = [
    [expensesMap(doc), 'expense'],
    [paymentsMap(doc), 'payment'],
  ] as const;
  const observers = roots.map(([map, kind]) => {
    const observer = (event: Y.YMapEvent<unknown>, transaction: Y.Transaction) => {
      const origin = transaction.origin;
      if (!(origin instanceof Connection)) return;
      const changes = changesOf(event, kind);
      const { id, displayName, avatarUrl } = origin.user;
      const actor = { id, displayName, avatarUrl: avatarUrl ?? null };
      applyDerived((current) => {
        for (const change of changes) recordMoneyChange(current, actor, change);
      });
    };
    map.observe(observer);
    return () => map.unobserve(observer);
  });
  return () => observers.forEach((stop) => stop());
}
