/** An invitation's display state (docs/product.md#members): expired, expiring within 24 hours, or active. */
import { INVITATION_EXPIRES_SOON_MS } from '@caravan/shared';

export type InvitationState = 'expired' | 'expires-soon' | 'active';

export function invitationState(expiresAt: string, now: number = Date.now()): InvitationState {
  const left = Date.parse(expiresAt) - now;
  if (!(left > 0)) return 'expired';
  return left < INVITATION_EXPIRES_SOON_MS ? 'expires-soon' : 'active';
}

export const invitationLink = (token: string, origin: string = window.location.origin) => `${origin}/invitation/${token}`;
