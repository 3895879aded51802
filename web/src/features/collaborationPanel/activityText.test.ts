import { describe, expect, it } from 'vitest';
import { activityText } from './activityText.ts';

const entry = (activityType: string, activityData: Record<string, unknown> = {}) => ({ activityType, activityData, displayName: 'Maya' });

describe('activityText', () => {
  it('says what each named activity type did', () => {
    expect(activityText(entry('member_joined'))).toBe('Maya joined the trip');
    expect(activityText(entry('member_invited', { invitedEmail: 'sam@example.com' }))).toBe('Maya invited sam@example.com');
    expect(activityText(entry('member_removed', { removedMemberName: 'Sam' }))).toBe('Maya removed Sam from the trip');
    expect(activityText(entry('stop_added', { stopName: 'Big Sur' }))).toBe('Maya added the stop "Big Sur"');
    expect(activityText(entry('trip_updated'))).toBe('Maya updated the trip');
  });

  it('shows anything else as a generic update', () => {
    expect(activityText(entry('suggestion_approved', { suggestionName: 'Bixby' }))).toBe('Maya made an update to the trip');
  });
});
