/**
 * The Costs tab (docs/product.md#costs): balances in the home currency with "Settle up" (the fewest payments
 * that clear them, each one click to record), the budget against what was spent, the expenses, and the form to
 * add or edit one. Everything is read from and written to the live trip document, so it works offline and
 * every member sees it at once; the rules of who may change what are the money part's judge, on the server.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type * as Y from 'yjs';
import { calls, costsOverview, orderedStops, type DocExpense, type TTripRole } from '@caravan/shared';
import { call, errorMessage } from '../../../lib/api.ts';
import { ListStates, queryListState } from '../ListStates.tsx';
import { useTripMembers } from '../useTripMembers.ts';
import { BalancesSection } from './BalancesSection.tsx';
import { BudgetSection } from './BudgetSection.tsx';
import { costsMessages as text } from './costsMessages.ts';
import { ExpenseForm } from './ExpenseForm.tsx';
import { ExpenseList } from './ExpenseList.tsx';
import { writeExpense } from './moneyWrites.ts';
import { useMoney } from './useMoney.ts';
import './costs.css';

export interface CostsTabProps {
  tripId: string;
  role: TTripRole;
  userId: number;
  doc: Y.Doc | null;
}

export function CostsTab({ tripId, role, userId, doc }: CostsTabProps) {
  const members = useTripMembers(tripId, userId);
  const { ready, state } = useMoney(doc);
  // Today's rates from the server's provider, when it has one and we are online: only a pre-fill.
  const suggested = useQuery({
    queryKey: ['costs', tripId, 'suggestedRates', state?.homeCurrency],
    queryFn: async () => (await call(calls.costs.overview, { tripId })).suggestedRates ?? {},
    enabled: Boolean(state),
    staleTime: 60 * 60_000,
  });
  const [editing, setEditing] = useState<DocExpense | null>(null);
  const overview = useMemo(() => (state ? costsOverview(state) : null), [state]);
  const stops = useMemo(() => (doc && state ? orderedStops(doc) : []), [doc, state]);
  const listState = queryListState(members);
  const docState = !ready || !overview || !state || !doc ? { status: 'loading' as const } : listState;

  return (
    <section aria-labelledby="collab-costs-title" className="costs">
      <h3 id="collab-costs-title">{text.title}</h3>
      <ListStates
        state={docState}
        skeleton={{ rows: 3, label: text.loading }}
        errorText={(error) => errorMessage(error)}
        empty={<p className="empty-text">{text.noExpenses}</p>}
      >
        {(memberList) => {
          const nameOf = (id: number) => (id === userId ? text.you : (memberList.find((member) => member.userId === id)?.displayName ?? text.formerMember));
          return (
            <>
              <BalancesSection doc={doc!} overview={overview!} role={role} userId={userId} nameOf={nameOf} />
              <BudgetSection doc={doc!} overview={overview!} role={role} />
              <ExpenseList
                doc={doc!}
                overview={overview!}
                role={role}
                userId={userId}
                nameOf={nameOf}
                onEdit={(expense) => setEditing(expense)}
              />
              <ExpenseForm
                key={editing?.id ?? 'new'}
                tripId={tripId}
                state={state!}
                suggestedRates={suggested.data ?? {}}
                members={memberList}
                stops={stops}
                role={role}
                userId={userId}
                editing={editing}
                onSave={(id, expense) => {
                  writeExpense(doc!, userId, id, expense);
                  setEditing(null);
                }}
                onCancel={() => setEditing(null)}
              />
              <p>
                <a href={`/_api/trips/costs/csv?tripId=${encodeURIComponent(tripId)}`} download>
                  {text.downloadCsv}
                </a>
              </p>
            </>
          );
        }}
      </ListStates>
    </section>
  );
}
