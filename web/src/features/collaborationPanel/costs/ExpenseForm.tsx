/**
 * Add or edit an expense: description, amount and currency (with its rate to the home currency when they
 * differ, pre-filled with the trip's remembered one, else the provider's), who paid (a viewer: only themself), date, category, an
 * optional stop, and how it splits among the chosen members. Checked against the document's own schema, so the
 * message is the one the server would give.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  CURRENCY_CODES,
  EXPENSE_CATEGORIES,
  PERCENT_WHOLE,
  SPLIT_KINDS,
  ZDocExpense,
  canEditAnyExpense,
  firstIssueMessage,
  formatMinor,
  parseMinor,
  parseScaled,
  moneyWrites,
  type DocExpense,
  type DocStop,
  type ExpenseCategory,
  type ExpenseFields,
  type MoneyState,
  type SplitKind,
  type TTripMember,
  type TTripRole,
} from '@caravan/shared';
import { FormError } from '../../../components/FormError.tsx';
import { costsMessages as text } from './costsMessages.ts';
import { ReceiptField } from './ReceiptField.tsx';

export interface ExpenseFormProps {
  tripId: string;
  state: MoneyState;
  /** Rates to the home currency from the exchange-rate provider, used where the trip remembers none. */
  suggestedRates: Record<string, string>;
  members: TTripMember[];
  stops: DocStop[];
  role: TTripRole;
  userId: number;
  /** The expense being edited; null to add one. */
  editing: DocExpense | null;
  onSave: (id: string | null, expense: ExpenseFields) => void;
  onCancel: () => void;
}

const today = () => new Date().toISOString().slice(0, 10);

/** A split part as the form shows it: shares whole, amounts in the currency, percentages with 2 decimals. */
function partText(kind: SplitKind, value: number, currency: string): string {
  if (kind === 'exact') return formatMinor(value, currency);
  if (kind === 'percent') return formatMinor(value, 'EUR');
  return kind === 'shares' ? String(value) : '';
}

function initialForm(props: ExpenseFormProps) {
  const { editing, state, members, userId, suggestedRates } = props;
  const kind = editing?.split.kind ?? 'equal';
  const currency = editing?.currency ?? state.homeCurrency;
  return {
    description: editing?.description ?? '',
    amount: editing ? formatMinor(editing.amount, editing.currency) : '',
    currency,
    rate: editing?.rate ?? state.rates[currency] ?? suggestedRates[currency] ?? '',
    paidBy: editing?.paidBy ?? userId,
    date: editing?.date ?? today(),
    category: (editing?.category ?? 'other') as ExpenseCategory,
    stopId: editing?.stopId ?? '',
    receiptPhoto: editing?.receiptPhoto ?? null,
    kind,
    chosen: new Set(editing ? editing.split.parts.map((part) => part.userId) : members.map((member) => member.userId)),
    parts: Object.fromEntries((editing?.split.parts ?? []).map((part) => [part.userId, partText(kind, part.value, currency)])) as Record<number, string>,
  };
}

export function ExpenseForm(props: ExpenseFormProps) {
  const { tripId, state, suggestedRates, members, stops, role, userId, editing, onSave, onCancel } = props;
  const id = useId();
  const [form, setForm] = useState(() => initialForm(props));
  const [error, setError] = useState<string | null>(null);
  const set = (change: Partial<typeof form>) => setForm((current) => ({ ...current, ...change }));
  const foreign = form.currency !== state.homeCurrency;
  const payers = canEditAnyExpense(role) ? members : members.filter((member) => member.userId === userId);

  function partValue(userId: number): number | null {
    const raw = form.parts[userId] ?? '';
    if (form.kind === 'equal') return 1;
    if (form.kind === 'shares') return /^\d{1,6}$/.test(raw.trim()) ? Number(raw) : null;
    if (form.kind === 'exact') return parseMinor(raw, form.currency);
    const basis = parseScaled(raw, 2);
    return basis === null || basis > PERCENT_WHOLE ? null : basis;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = parseMinor(form.amount, form.currency);
    if (amount === null) return setError(text.invalidAmount);
    const chosen = members.filter((member) => form.chosen.has(member.userId));
    const parts = chosen.map((member) => ({ userId: member.userId, value: partValue(member.userId) }));
    if (parts.some((part) => part.value === null)) return setError(text.invalidPart);
    const expense: ExpenseFields = {
      description: form.description.trim(),
      amount,
      currency: form.currency,
      paidBy: form.paidBy,
      date: form.date,
      category: form.category,
      stopId: form.stopId || null,
      receiptPhoto: form.receiptPhoto,
      split: { kind: form.kind, parts: parts as { userId: number; value: number }[] },
      rate: foreign && form.rate.trim() ? form.rate.trim() : null,
    };
    // The entry the money part's writer will make of it, checked as the server checks it.
    const made = { createdBy: editing?.createdBy ?? userId, createdAt: editing?.createdAt ?? new Date().toISOString() };
    const checked = ZDocExpense.safeParse(moneyWrites.expenseEntry(expense, state.homeCurrency, made));
    if (!checked.success) return setError(firstIssueMessage(checked.error));
    setError(null);
    onSave(editing?.id ?? null, expense);
    if (!editing) setForm({ ...initialForm(props), currency: form.currency, rate: expense.rate ?? form.rate, paidBy: form.paidBy });
  }

  return (
    <form className="form costs-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{editing ? text.editTitle : text.addTitle}</h4>
      <label>
        {text.description}
        <input value={form.description} maxLength={200} onChange={(event) => set({ description: event.target.value })} />
      </label>
      <div className="costs-row">
        <label>
          {text.amount}
          <input inputMode="decimal" value={form.amount} onChange={(event) => set({ amount: event.target.value })} />
        </label>
        <label>
          {text.currency}
          <select value={form.currency} onChange={(event) => set({ currency: event.target.value, rate: state.rates[event.target.value] ?? suggestedRates[event.target.value] ?? '' })}>
            {CURRENCY_CODES.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </label>
      </div>
      {foreign && (
        <label>
          {text.rate(form.currency, state.homeCurrency)}
          <input inputMode="decimal" value={form.rate} onChange={(event) => set({ rate: event.target.value })} aria-describedby={`${id}-rate`} />
          <small id={`${id}-rate`}>{text.rateHelp}</small>
        </label>
      )}
      <div className="costs-row">
        <label>
          {text.paidBy}
          <select value={form.paidBy} onChange={(event) => set({ paidBy: Number(event.target.value) })}>
            {payers.map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.displayName}
              </option>
            ))}
          </select>
        </label>
        <label>
          {text.date}
          <input type="date" value={form.date} onChange={(event) => set({ date: event.target.value })} />
        </label>
      </div>
      <div className="costs-row">
        <label>
          {text.category}
          <select value={form.category} onChange={(event) => set({ category: event.target.value as ExpenseCategory })}>
            {EXPENSE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {text.categories[category]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {text.stop}
          <select value={form.stopId} onChange={(event) => set({ stopId: event.target.value })}>
            <option value="">{text.noStop}</option>
            {stops.map((stop) => (
              <option key={stop.id} value={stop.id}>
                {stop.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ReceiptField tripId={tripId} value={form.receiptPhoto} onChange={(receiptPhoto) => set({ receiptPhoto })} onError={setError} />
      <fieldset className="costs-split">
        <legend>{text.splitTitle}</legend>
        <div className="costs-kinds" role="radiogroup" aria-label={text.splitTitle}>
          {SPLIT_KINDS.map((kind) => (
            <label key={kind} className="costs-inline">
              <input type="radio" name={`${id}-kind`} checked={form.kind === kind} onChange={() => set({ kind, parts: {} })} />
              {text.splitKinds[kind]}
            </label>
          ))}
        </div>
        {members.map((member) => {
          const chosen = form.chosen.has(member.userId);
          return (
            <div key={member.userId} className="costs-part">
              <label className="costs-inline">
                <input
                  type="checkbox"
                  checked={chosen}
                  aria-label={text.splitWith(member.displayName)}
                  onChange={() => {
                    const next = new Set(form.chosen);
                    if (chosen) next.delete(member.userId);
                    else next.add(member.userId);
                    set({ chosen: next });
                  }}
                />
                {member.displayName}
              </label>
              {chosen && form.kind !== 'equal' && (
                <input
                  inputMode="decimal"
                  className="costs-part-value"
                  aria-label={text.partFor(text.partKinds[form.kind], member.displayName)}
                  value={form.parts[member.userId] ?? ''}
                  onChange={(event) => set({ parts: { ...form.parts, [member.userId]: event.target.value } })}
                />
              )}
            </div>
          );
        })}
      </fieldset>
      <FormError message={error} />
      <div className="costs-actions">
        <button type="submit" className="button primary">
          {editing ? text.save : text.add}
        </button>
        {editing && (
          <button type="button" className="button" onClick={onCancel}>
            {text.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
