/** Each member's balance, "Settle up" (each suggested payment one click to record) and the payments made. */
import type * as Y from 'yjs';
import { mayWritePayment, type TCostsOverview, type TTripRole } from '@caravan/shared';
import { costsMessages as text } from './costsMessages.ts';
import { formatMoney } from './moneyFormat.ts';
import { deletePayment, recordPayment } from './moneyWrites.ts';
import { paymentWords } from './paymentWords.ts';

interface Props {
  doc: Y.Doc;
  overview: TCostsOverview;
  role: TTripRole;
  userId: number;
  nameOf: (userId: number) => string;
}

/** "is owed €6.00", or for the reader "are owed €6.00" after "You". */
function balanceText(self: boolean, amount: number, money: (amount: number) => string): string {
  if (amount > 0) return (self ? text.youAreOwed : text.owed)(money(amount));
  if (amount < 0) return (self ? text.youOwe : text.owes)(money(-amount));
  return self ? text.youAreSettled : text.settled;
}

export function BalancesSection({ doc, overview, role, userId, nameOf }: Props) {
  const home = overview.homeCurrency;
  const money = (amount: number) => formatMoney(amount, home);
  const words = paymentWords(userId, nameOf);
  const record = (from: number, to: number, amount: number) => {
    recordPayment(doc, userId, { from, to, amount, currency: home, date: new Date().toISOString().slice(0, 10) });
  };
  return (
    <>
      <h4>{text.balancesTitle}</h4>
      {overview.balances.length === 0 ? (
        <p className="empty-text">{text.noBalances}</p>
      ) : (
        <ul className="collab-list costs-balances" aria-label={text.balancesTitle}>
          {overview.balances.map(({ userId: id, amount }) => (
            <li key={id} className={`collab-item costs-balance ${amount > 0 ? 'is-owed' : amount < 0 ? 'owes' : ''}`}>
              <strong>{nameOf(id)}</strong>{' '}
              <span>{balanceText(id === userId, amount, money)}</span>
            </li>
          ))}
        </ul>
      )}
      <h4>{text.settleTitle}</h4>
      {overview.settlements.length === 0 ? (
        <p className="empty-text">{text.allSettled}</p>
      ) : (
        <ul className="collab-list" aria-label={text.settleTitle}>
          {overview.settlements.map(({ from, to, amount }) => (
            <li key={`${from}-${to}`} className="collab-item costs-settlement">
              <span>{words.settlement(from, to, money(amount))}</span>
              {mayWritePayment(role, userId, undefined, { from, to }) && (
                <button type="button" className="button small" aria-label={words.recordLabel(from, to, money(amount))} onClick={() => record(from, to, amount)}>
                  {text.recordPayment}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {overview.payments.length > 0 && (
        <>
          <h4>{text.paymentsTitle}</h4>
          <ul className="collab-list" aria-label={text.paymentsTitle}>
            {overview.payments.map((payment) => (
              <li key={payment.id} className="collab-item costs-settlement">
                <span>
                  {words.paid(payment.from, payment.to, formatMoney(payment.amount, payment.currency))}{' '}
                  <time className="muted small" dateTime={payment.date}>
                    {payment.date}
                  </time>
                </span>
                {mayWritePayment(role, userId, payment) && (
                  <button type="button" className="icon-button danger" aria-label={words.deleteLabel(payment.from, payment.to)} onClick={() => deletePayment(doc, payment.id)}>
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
