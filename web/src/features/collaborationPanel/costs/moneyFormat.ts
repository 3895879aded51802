/** Amounts in minor units as people read them, with the currency's symbol ("$42.00", "¥500"). */
import { formatMinor } from '@caravan/shared';

export function formatMoney(amount: number, currency: string): string {
  // Display only: the decimal text is exact, the float it becomes only feeds the formatter.
  const decimal = Number(formatMinor(amount, currency));
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(decimal);
  } catch {
    return `${formatMinor(amount, currency)} ${currency}`;
  }
}
