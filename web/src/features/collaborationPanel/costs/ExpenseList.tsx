/** The trip's expenses, newest first: what, who paid, how much (and in the home currency), with Edit and Delete where the member may. */
import type * as Y from 'yjs';
import { mayWriteExpense, type DocExpense, type TCostsOverview, type TTripRole } from '@caravan/shared';
import { costsMessages as text } from './costsMessages.ts';
import { formatMoney } from './moneyFormat.ts';
import { deleteExpense } from './moneyWrites.ts';

interface Props {
  doc: Y.Doc;
  overview: TCostsOverview;
  role: TTripRole;
  userId: number;
  nameOf: (userId: number) => string;
  onEdit: (expense: DocExpense) => void;
}

export function ExpenseList({ doc, overview, role, userId, nameOf, onEdit }: Props) {
  return (
    <>
      <h4>{text.expensesTitle}</h4>
      {overview.expenses.length === 0 ? (
        <p className="empty-text">{text.noExpenses}</p>
      ) : (
        <ul className="collab-list costs-expenses" aria-label={text.expensesTitle}>
          {overview.expenses.map(({ homeAmount, ...expense }) => (
            <li key={expense.id} className="collab-item costs-expense">
              <div className="collab-item-text">
                <strong>{expense.description}</strong>
                {expense.receiptPhoto && (
                  <a className="small" href={expense.receiptPhoto} target="_blank" rel="noreferrer">
                    {text.viewReceipt(expense.description)}
                  </a>
                )}
                <span className="muted small">
                  {text.categories[expense.category]} · {nameOf(expense.paidBy)} · <time dateTime={expense.date}>{expense.date}</time> · {text.splitKinds[expense.split.kind]}
                </span>
              </div>
              <div className="costs-amount">
                <span>{formatMoney(expense.amount, expense.currency)}</span>
                {expense.currency !== overview.homeCurrency && (
                  <span className="muted small">{homeAmount === null ? text.needsRate : formatMoney(homeAmount, overview.homeCurrency)}</span>
                )}
              </div>
              {mayWriteExpense(role, userId, expense) && (
                <div className="costs-actions">
                  <button type="button" className="button small" aria-label={text.editLabel(expense.description)} onClick={() => onEdit(expense)}>
                    {text.edit}
                  </button>
                  <button type="button" className="button small danger ghost" aria-label={text.deleteLabel(expense.description)} onClick={() => deleteExpense(doc, expense.id)}>
                    {text.delete}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
