/**
 * Records a payment between two members (one of them the caller, unless owner or editor: the money part's judge),
 * or deletes one; records payment_recorded / payment_deleted. Balances follow from the document
 * (shared/src/domain/money/).
 */
import { randomUUID } from 'node:crypto';
import {
  moneyMessages,
  moneyWrites,
  paymentsMap,
  readPayment,
  type DocPayment,
  type TDeletePaymentRequest,
  type TRecordPaymentRequest,
  type TripRole,
} from '@caravan/shared';
import { writeParts, type TripDocHub, type User } from '@caravan/engine';
import { entryOrNotFound } from './costsDoc.ts';

export function paymentRecorder(
  tripDocs: TripDocHub,
  actor: User,
  role: TripRole,
  { tripId, ...fields }: TRecordPaymentRequest,
  now: Date = new Date(),
): Promise<DocPayment> {
  const id = randomUUID();
  return writeParts(
    tripDocs,
    tripId,
    actor,
    role,
    () => moneyWrites.recordPayment(id, fields, { userId: actor.id, now }),
    (doc) => ({ ...readPayment(doc, id)!, id }),
    now,
  );
}

export function paymentDeleter(tripDocs: TripDocHub, actor: User, role: TripRole, { tripId, paymentId }: TDeletePaymentRequest): Promise<void> {
  return writeParts(
    tripDocs,
    tripId,
    actor,
    role,
    ({ doc }) => {
      entryOrNotFound(paymentsMap(doc), paymentId, moneyMessages.paymentNotFound);
      return moneyWrites.deletePayment(paymentId);
    },
    () => undefined,
  );
}
