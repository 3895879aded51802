/** The PDF's costs page (docs/product.md#costs): the expenses, then balances in the home currency and how to settle up. */
import { messages } from '@caravan/shared';
import type { ExportCosts } from './exportCosts.ts';

const text = messages.tripExport.file.costs;

const MUTED = '#555b63';

export function writeCostsPage(doc: PDFKit.PDFDocument, costs: ExportCosts): void {
  doc.addPage();
  doc.font('bold').fontSize(18).fillColor('black').text(text.heading, { paragraphGap: 8 });
  doc.font('bold').fontSize(13).text(text.expenses, { paragraphGap: 4 });
  for (const expense of costs.expenses) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    doc.font('bold').fontSize(10.5).fillColor('black').text(text.expense(expense.description, expense.amount, expense.home));
    doc.font('regular').fontSize(9).fillColor(MUTED).text(text.expenseDetails(expense.date, expense.category, expense.paidBy), { indent: 14, paragraphGap: 4 });
  }
  doc.moveDown(0.6);
  doc.font('bold').fontSize(13).fillColor('black').text(text.balances(costs.homeCurrency), { paragraphGap: 4 });
  for (const balance of costs.balances) doc.font('regular').fontSize(10.5).text(text.balance(balance.name, balance.amount));
  doc.moveDown(0.6);
  doc.font('bold').fontSize(13).text(text.settleUp, { paragraphGap: 4 });
  doc.font('regular').fontSize(10.5);
  if (costs.settlements.length === 0) doc.text(text.settled);
  for (const line of costs.settlements) doc.text(line);
}
