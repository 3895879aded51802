/**
 * How a member's notification e-mails go out (docs/product.md#notifications): 'each' as it happens, or 'digest':
 * once a day, one e-mail listing the unread ones not yet e-mailed. Which kinds are e-mailed at all stays per kind.
 */
import { z } from 'zod';
import { messages } from '../messages.ts';
import { requestObject } from './common.ts';

export const EMAIL_DELIVERIES = ['each', 'digest'] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];

export const ZEmailDeliveryResponse = z.object({ emailDelivery: z.enum(EMAIL_DELIVERIES) });
export const ZUpdateEmailDeliveryRequest = requestObject({
  emailDelivery: z.enum(EMAIL_DELIVERIES, { error: messages.notifications.invalidEmailDelivery }),
});
