import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { retryInvitationDetails } from './invitationApi.ts';

describe('retryInvitationDetails', () => {
  it('does not retry an invitation that is not found, expired or already accepted', () => {
    for (const message of [
      'Invitation not found. The link may be incomplete or incorrect.',
      'This invitation has expired. Ask the trip owner to send a new one.',
      'This invitation has already been accepted.',
    ]) {
      expect(retryInvitationDetails(0, new ApiError(message, 404))).toBe(false);
    }
  });

  it('retries anything else up to 3 times', () => {
    const error = new ApiError('HTTP error! status: 502', 502);
    expect([0, 1, 2, 3].map((failures) => retryInvitationDetails(failures, error))).toEqual([true, true, true, false]);
  });
});
