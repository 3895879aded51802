/**
 * A version's shared costs, read-only (docs/product.md#trip-history): balances, budget and expenses read from the
 * version's own document, shown with a viewer's rights and as nobody, so no Edit, Delete, Record or Set appears.
 * Nothing when the version holds no expense.
 */
import { useId, useMemo } from 'react';
import type * as Y from 'yjs';
import { costsOverview } from '@caravan/shared';
import { useTripMembers } from '../useTripMembers.ts';
import { BalancesSection } from './BalancesSection.tsx';
import { BudgetSection } from './BudgetSection.tsx';
import { costsMessages as text } from './costsMessages.ts';
import { ExpenseList } from './ExpenseList.tsx';
import { useMoney } from './useMoney.ts';
import './costs.css';

/** No member has this id: every "may this member change it" answers no. */
const NOBODY = 0;

interface Props {
  tripId: string;
  userId: number;
  /** The version's document, never connected. */
  doc: Y.Doc;
}

export function CostsAsTheyWere({ tripId, userId, doc }: Props) {
  const id = useId();
  const members = useTripMembers(tripId, userId);
  const { state } = useMoney(doc);
  const overview = useMemo(() => (state ? costsOverview(state) : null), [state]);
  if (!state || !overview || overview.expenses.length === 0) return null;
  const nameOf = (memberId: number) =>
    memberId === userId ? text.you : (members.data?.find((member) => member.userId === memberId)?.displayName ?? text.formerMember);
  return (
    <section className="card costs" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{text.asTheyWere}</h3>
      <BalancesSection doc={doc} overview={overview} role="viewer" userId={NOBODY} nameOf={nameOf} />
      <BudgetSection doc={doc} overview={overview} role="viewer" />
      <ExpenseList doc={doc} overview={overview} role="viewer" userId={NOBODY} nameOf={nameOf} onEdit={() => {}} />
    </section>
  );
}
