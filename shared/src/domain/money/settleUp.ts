/**
 * "Settle up": payments that clear every balance. Greedy: the member owed most is paid by the member owing
 * most, the smaller of the two amounts, until all are zero. Each payment clears at least one member, so it takes
 * at most n-1 payments for n members with a balance (the fewest in general is NP-hard; this is the standard
 * bound). Ties go to the lower user id, so every client suggests the same list.
 */
export interface Settlement {
  from: number;
  to: number;
  amount: number;
}

/** `balances`: each member's net position in minor units (positive: owed), summing to zero. */
export function settleUp(balances: ReadonlyMap<number, number>): Settlement[] {
  const open = new Map([...balances].filter(([, amount]) => amount !== 0));
  const payments: Settlement[] = [];
  const pick = (sign: 1 | -1) =>
    [...open].reduce<[number, number] | null>(
      (best, entry) => (best === null || entry[1] * sign > best[1] * sign || (entry[1] === best[1] && entry[0] < best[0]) ? entry : best),
      null,
    );
  for (;;) {
    const creditor = pick(1);
    const debtor = pick(-1);
    if (!creditor || !debtor || creditor[1] <= 0 || debtor[1] >= 0) return payments;
    const amount = Math.min(creditor[1], -debtor[1]);
    payments.push({ from: debtor[0], to: creditor[0], amount });
    for (const [id, delta] of [[creditor[0], -amount], [debtor[0], amount]] as const) {
      const left = open.get(id)! + delta;
      if (left === 0) open.delete(id);
      else open.set(id, left);
    }
  }
}
