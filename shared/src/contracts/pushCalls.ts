/** The contracts of the caller's devices that receive notifications by Web Push (/account/push/*). */
import { z } from 'zod';
import { defineCall } from './defineCall.ts';
import { ZPushDevicesResponse, ZPushPublicKeyResponse, ZPushSubscribeRequest, ZPushUnsubscribeRequest } from './push.ts';

export const pushCalls = {
  push: {
    publicKey: defineCall({ method: 'GET', path: '/account/push/public_key', request: z.object({}), response: ZPushPublicKeyResponse }),
    subscribe: defineCall({ method: 'POST', path: '/account/push/subscribe', request: ZPushSubscribeRequest, response: ZPushDevicesResponse }),
    unsubscribe: defineCall({ method: 'POST', path: '/account/push/unsubscribe', request: ZPushUnsubscribeRequest, response: ZPushDevicesResponse }),
  },
};
