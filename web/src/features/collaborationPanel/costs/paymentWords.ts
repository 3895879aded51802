/**
 * A payment in words for the one reading it: "Eddie pays Victor €19.00", and with the reader in it "You pay Victor
 * €19.00" or "Eddie pays you €6.00" (the reader is "You" before the verb, "you" after it, and the verb agrees).
 */
import { costsMessages as text } from './costsMessages.ts';

export interface PaymentWords {
  /** A suggested payment of "Settle up". */
  settlement: (from: number, to: number, amount: string) => string;
  /** A payment made. */
  paid: (from: number, to: number, amount: string) => string;
  recordLabel: (from: number, to: number, amount: string) => string;
  deleteLabel: (from: number, to: number) => string;
}

/** `nameOf` names the reader (`reader`) "You", as everywhere in the Costs tab. */
export function paymentWords(reader: number, nameOf: (userId: number) => string): PaymentWords {
  const object = (userId: number) => (userId === reader ? text.youObject : nameOf(userId));
  return {
    settlement: (from, to, amount) => (from === reader ? text.youPay(object(to), amount) : text.pays(nameOf(from), object(to), amount)),
    paid: (from, to, amount) => text.paid(nameOf(from), object(to), amount),
    recordLabel: (from, to, amount) => text.recordPaymentLabel(nameOf(from), object(to), amount),
    deleteLabel: (from, to) => text.deletePayment(object(from), object(to)),
  };
}
