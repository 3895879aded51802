import { describe, expect, it } from 'vitest';
import { invitationLink, invitationState } from './invitationState.ts';

const now = Date.parse('2026-03-10T12:00:00Z');
const inHours = (hours: number) => new Date(now + hours * 3_600_000).toISOString();

describe('invitationState', () => {
  it('is expired once expiresAt has passed, expiring soon under 24 hours, else active', () => {
    expect(invitationState(inHours(-1), now)).toBe('expired');
    expect(invitationState(inHours(0), now)).toBe('expired');
    expect(invitationState(inHours(23.9), now)).toBe('expires-soon');
    expect(invitationState(inHours(24), now)).toBe('active');
    expect(invitationState(inHours(24 * 7), now)).toBe('active');
  });

  it('builds the link the invitee opens', () => {
    expect(invitationLink('abc_123', 'https://caravan.example')).toBe('https://caravan.example/invitation/abc_123');
  });
});
