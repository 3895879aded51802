/**
 * Records a payment between two members (one of them the caller, unless owner or editor), or deletes one;
 * records payment_recorded / payment_deleted. Balances follow from the document (shared/src/domain/money/).
 */
import { randomUUID } from 'node:crypto';
import {
  ZDocPayment,
  mayWritePayment,
  membersNamedBy,
  moneyMessages,
  paymentsMap,
  type DocPayment,
  type TDeletePaymentRequest,
  type TRecordPaymentRequest,
  type TripRole,
} from '@caravan/shared';
import { recordMoneyChange, serverOrigin, type TripDocHub, type User } from '@caravan/engine';
import { allowOrForbid, assertMembers, assertRoomFor, entryOrNotFound } from './costsDoc.ts';

export function paymentRecorder(
  tripDocs: TripDocHub,
  actor: User,
  role: TripRole | null,
  { tripId, ...fields }: TRecordPaymentRequest,
  now: Date = new Date(),
): Promise<DocPayment> {
  return tripDocs.write(tripId, serverOrigin(actor.id), async ({ doc, manager, transact }) => {
    allowOrForbid(mayWritePayment(role, actor.id, undefined, fields));
    assertRoomFor(paymentsMap(doc));
    await assertMembers(manager, tripId, membersNamedBy(fields));
    const id = randomUUID();
    const entry = ZDocPayment.parse({ ...fields, createdBy: actor.id, createdAt: now.toISOString() });
    transact(() => {
      paymentsMap(doc).set(id, entry);
      recordMoneyChange(doc, actor, { kind: 'payment', action: 'added', id, entry }, now);
    });
    return { ...entry, id };
  });
}

export function paymentDeleter(tripDocs: TripDocHub, actor: User, role: TripRole | null, { tripId, paymentId }: TDeletePaymentRequest): Promise<void> {
  return tripDocs.write(tripId, serverOrigin(actor.id), ({ doc, transact }) => {
    const payments = paymentsMap(doc);
    const entry = entryOrNotFound(payments, paymentId, moneyMessages.paymentNotFound);
    const parsed = ZDocPayment.safeParse(entry);
    allowOrForbid(mayWritePayment(role, actor.id, parsed.success ? parsed.data : { from: 0, to: 0 }));
    transact(() => {
      payments.delete(paymentId);
      recordMoneyChange(doc, actor, { kind: 'payment', action: 'deleted', id: paymentId, entry });
    });
  });
}
