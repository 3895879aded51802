/**
 * A version's shared costs on their own (jsdom): from a version's document holding two expenses, the balances and the
 * expenses show with the members' names, and nothing to change them — no Edit, Delete, Record or budget form — even
 * for the trip's owner looking; a version without expenses shows nothing.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { metaMap, type TTripMember } from '@caravan/shared';
import { collaborationApi } from '../collaborationApi.ts';
import { CostsAsTheyWere } from './CostsAsTheyWere.tsx';
import { costsMessages as text } from './costsMessages.ts';
import { writeExpense } from './moneyWrites.ts';

const TRIP = '11111111-1111-4111-8111-111111111111';
const [ANA, BEN] = [2, 3];

afterEach(() => vi.restoreAllMocks());

const member = (userId: number, displayName: string, role: TTripMember['role']): TTripMember => ({ userId, displayName, email: `${userId}@example.com`, avatarUrl: null, role });

function versionWithExpenses(): Y.Doc {
  const doc = new Y.Doc();
  metaMap(doc).set('title', 'Oregon coast');
  const expense = (description: string, paidBy: number, amount: number) =>
    writeExpense(doc, paidBy, null, {
      description,
      amount,
      currency: 'EUR',
      paidBy,
      date: '2026-07-01',
      category: 'fuel',
      stopId: null,
      receiptPhoto: null,
      split: { kind: 'equal', parts: [{ userId: ANA, value: 1 }, { userId: BEN, value: 1 }] },
      rate: null,
    });
  expense('Gas in Eureka', ANA, 4200);
  expense('Dinner in Bend', BEN, 6000);
  return doc;
}

function renderCosts(doc: Y.Doc, userId: number) {
  vi.spyOn(collaborationApi, 'members').mockResolvedValue([member(1, 'Olga', 'owner'), member(ANA, 'Ana', 'editor'), member(BEN, 'Ben', 'viewer')]);
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CostsAsTheyWere tripId={TRIP} userId={userId} doc={doc} />
    </QueryClientProvider>,
  );
}

describe('Shared costs as they were', () => {
  it('shows the expenses and balances read-only, even to the owner', async () => {
    renderCosts(versionWithExpenses(), 1);
    const costs = await screen.findByRole('region', { name: text.asTheyWere });
    const expenses = within(costs).getByRole('list', { name: text.expensesTitle });
    within(expenses).getByText('Gas in Eureka');
    within(expenses).getByText('Dinner in Bend');
    await within(costs).findAllByText(/Ana/);
    expect(within(costs).queryAllByRole('button')).toEqual([]);
    expect(within(costs).queryAllByRole('textbox')).toEqual([]);
  });

  it('shows nothing for a version without expenses', () => {
    const doc = new Y.Doc();
    metaMap(doc).set('title', 'Oregon coast');
    const { container } = renderCosts(doc, 1);
    expect(container.innerHTML).toBe('');
  });
});
