/**
 * Planned against spent in the home currency, whole trip and per category, with the lodging booked on overnight stops;
 * owner and editors set the home currency and budgets.
 */
import { useId, useState, type FormEvent } from 'react';
import type * as Y from 'yjs';
import { BUDGET_KEYS, CURRENCY_CODES, canSetMoneySettings, parseMinor, type TCostsOverview, type TTripRole } from '@caravan/shared';
import { FormError } from '../../../components/FormError.tsx';
import { costsMessages as text } from './costsMessages.ts';
import { formatMoney } from './moneyFormat.ts';
import { writeSetting } from './moneyWrites.ts';

export function BudgetSection({ doc, overview, role }: { doc: Y.Doc; overview: TCostsOverview; role: TTripRole }) {
  const id = useId();
  const home = overview.homeCurrency;
  const [key, setKey] = useState<(typeof BUDGET_KEYS)[number]>('total');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lines = overview.budget.filter((line) => line.key === 'total' || line.planned !== null || line.spent > 0 || line.booked > 0);

  function submit(event: FormEvent) {
    event.preventDefault();
    const planned = amount.trim() === '' ? null : parseMinor(amount, home);
    if (amount.trim() !== '' && planned === null) return setError(text.invalidAmount);
    setError(null);
    writeSetting(doc, `budget:${key}`, planned);
    setAmount('');
  }

  return (
    <>
      <h4>{text.budgetTitle}</h4>
      <ul className="collab-list costs-budget" aria-label={text.budgetTitle}>
        {lines.map((line) => (
          <li key={line.key} className="collab-item costs-budget-line">
            <span>{text.categories[line.key]}</span>
            <span>{line.planned === null ? text.noBudget(formatMoney(line.spent, home)) : text.budgetLine(formatMoney(line.spent, home), formatMoney(line.planned, home))}</span>
            {line.booked > 0 && <small className="costs-booked">{text.booked(formatMoney(line.booked, home))}</small>}
            {line.planned !== null && (
              <meter min={0} max={Math.max(line.planned, 1)} high={line.planned * 0.9} optimum={0} value={Math.min(line.spent, line.planned)} aria-label={text.categories[line.key]} />
            )}
          </li>
        ))}
      </ul>
      {canSetMoneySettings(role) && (
        <form className="costs-settings" onSubmit={submit} noValidate>
          <label>
            {text.homeCurrency}
            <select value={home} onChange={(event) => writeSetting(doc, 'homeCurrency', event.target.value)}>
              {CURRENCY_CODES.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </select>
          </label>
          <label>
            {text.budgetFor}
            <select value={key} onChange={(event) => setKey(event.target.value as typeof key)}>
              {BUDGET_KEYS.map((budgetKey) => (
                <option key={budgetKey} value={budgetKey}>
                  {text.categories[budgetKey]}
                </option>
              ))}
            </select>
          </label>
          <label>
            {text.budgetAmount}
            <input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </label>
          <button type="submit" className="button small">
            {text.setBudget}
          </button>
          <FormError message={error} />
        </form>
      )}
    </>
  );
}
