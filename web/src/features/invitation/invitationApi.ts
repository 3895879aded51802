/** The invitation page's calls (docs/product.md#invitation): the invitation's details and accepting it. */
import { calls } from '@caravan/shared';
import { call } from '../../lib/api.ts';

export const invitationKey = (token: string) => ['invitation', token] as const;

/** Details are not retried when the answer is final: not found, expired or already accepted. */
const FINAL_ERROR = /not found|expired|already been accepted/i;
export const MAX_DETAIL_RETRIES = 3;

export function retryInvitationDetails(failures: number, error: unknown): boolean {
  if (error instanceof Error && FINAL_ERROR.test(error.message)) return false;
  return failures < MAX_DETAIL_RETRIES;
}

export const invitationApi = {
  details: (invitationToken: string) => call(calls.invitations.details, { invitationToken }),
  accept: (invitationToken: string) =>
    call(calls.invitations.accept, { invitationToken }, { fallback: 'Failed to accept invitation' }),
};
