import { describe, expect, it } from 'vitest';
import { activityText } from './activityText.ts';

const entry = (activityType: string, activityData: Record<string, unknown> = {}) => ({ activityType, activityData, displayName: 'Maya' });

describe('activityText', () => {
  it('says what each named activity type did', () => {
    expect(activityText(entry('member_joined'))).toBe('Maya joined the trip');
    expect(activityText(entry('member_invited', { invitedEmail: 'sam@example.com' }))).toBe('Maya invited sam@example.com');
    expect(activityText(entry('member_removed', { removedMemberName: 'Sam' }))).toBe('Maya removed Sam from the trip');
    expect(activityText(entry('member_role_changed', { memberName: 'Sam', role: 'viewer' }))).toBe('Maya made Sam a viewer');
    expect(activityText(entry('member_role_changed', { memberName: 'Sam', role: 'editor' }))).toBe('Maya made Sam an editor');
    expect(activityText(entry('member_role_changed', { memberName: 'Sam', role: 'owner' }))).toBe('Maya made an update to the trip');
    expect(activityText(entry('stop_added', { stopName: 'Big Sur' }))).toBe('Maya added the stop "Big Sur"');
    expect(activityText(entry('trip_updated'))).toBe('Maya updated the trip');
  });

  it('says what each type the server records beyond the five first types did', () => {
    expect(activityText(entry('stop_deleted', { stopName: 'Big Sur', stopId: 's1' }))).toBe('Maya deleted the stop "Big Sur"');
    expect(activityText(entry('stop_moved', { stopName: 'Big Sur', stopId: 's1' }))).toBe('Maya moved the stop "Big Sur"');
    expect(activityText(entry('stop_moved', { stopName: 'Big Sur', stopId: 's1', otherStops: true }))).toBe(
      'Maya moved the stop "Big Sur" and others',
    );
    expect(activityText(entry('stop_updated', { stopName: 'Capitola', stopId: 's1' }))).toBe('Maya edited the stop "Capitola"');
    expect(activityText(entry('stop_plan_updated', { stopName: 'Big Sur', stopId: 's1' }))).toBe('Maya changed the plan for "Big Sur"');
    expect(activityText(entry('stops_reordered', { stopCount: 4 }))).toBe('Maya reordered 4 stops');
    expect(activityText(entry('stop_visited', { stopName: 'Big Sur', visited: true }))).toBe('Maya marked "Big Sur" as visited');
    expect(activityText(entry('stop_visited', { stopName: 'Big Sur', visited: false }))).toBe('Maya marked "Big Sur" as not visited');
    expect(activityText(entry('comment_added', { stopName: 'Big Sur' }))).toBe('Maya commented on "Big Sur"');
    expect(activityText(entry('comment_resolved', { stopName: 'Big Sur', resolved: true }))).toBe('Maya resolved a comment on "Big Sur"');
    expect(activityText(entry('comment_resolved', { stopName: 'Big Sur', resolved: false }))).toBe('Maya reopened a comment on "Big Sur"');
    expect(activityText(entry('suggestion_approved', { suggestionName: 'Bixby' }))).toBe('Maya approved the suggestion "Bixby"');
    expect(activityText(entry('suggestion_denied', { suggestionName: 'Bixby' }))).toBe('Maya denied the suggestion "Bixby"');
    expect(activityText(entry('suggestion_archived', { suggestionName: 'Bixby' }))).toBe('Maya archived the suggestion "Bixby"');
  });

  it('says who closed a poll and what won', () => {
    expect(activityText(entry('poll_closed', { question: 'Where do we sleep?', winner: 'Big Sur' }))).toBe(
      'Maya closed the poll "Where do we sleep?" — Big Sur won',
    );
    expect(activityText(entry('poll_closed', { question: 'Where do we sleep?', winner: null }))).toBe('Maya closed the poll "Where do we sleep?"');
    expect(activityText(entry('poll_opened', { question: 'Where do we sleep?', closesAt: null }))).toBe('Maya started the poll "Where do we sleep?"');
  });

  it('says what happened to shared costs, amounts in their currency', () => {
    const fuel = { description: 'Fuel', amount: 4200, currency: 'USD', category: 'fuel', paidBy: 7 };
    expect(activityText({ ...entry('expense_added', fuel), userId: 7 })).toBe('Maya paid $42.00 for Fuel');
    expect(activityText({ ...entry('expense_added', { ...fuel, amount: 500, currency: 'JPY' }), userId: 8 })).toBe('Maya recorded ¥500 for Fuel');
    expect(activityText(entry('expense_updated', fuel))).toBe('Maya changed the expense "Fuel"');
    expect(activityText(entry('expense_deleted', fuel))).toBe('Maya deleted the expense "Fuel"');
    expect(activityText(entry('payment_recorded', { from: 1, to: 2, amount: 1234, currency: 'EUR' }))).toBe('Maya recorded a payment of €12.34');
  });

  it('tells the member an item was given to "assigned you", and everyone else whom to', () => {
    const assigned = entry('item_assigned', { text: 'Pack the tent', assigneeId: 7, assigneeName: 'Sam' });
    expect(activityText(assigned, 7)).toBe('Maya assigned you "Pack the tent"');
    expect(activityText(assigned, 8)).toBe('Maya assigned "Pack the tent" to Sam');
  });

  it('says who restored which version of the trip, whole or one stop or entry of it', () => {
    expect(activityText(entry('trip_restored', { versionId: '42', versionName: 'Before we cut Oregon' }))).toBe('Maya restored the trip to Before we cut Oregon');
    expect(activityText(entry('trip_restored', { versionName: 'Coast', only: { stopId: 's1' } }))).toBe('Maya restored a stop from Coast');
    expect(activityText(entry('trip_restored', { versionName: 'Coast', only: { root: 'expenses', key: 'e1' } }))).toBe('Maya restored an entry from Coast');
    // Unnamed: the time it was taken, in the reader's words for a time.
    expect(activityText(entry('trip_restored', { versionName: null, takenAt: '2026-07-01T10:00:00.000Z' }))).toMatch(/^Maya restored the trip to \S/);
  });

  it('shows anything else as a generic update', () => {
    expect(activityText(entry('route_painted', { colour: 'teal' }))).toBe('Maya made an update to the trip');
    expect(activityText(entry('toString'))).toBe('Maya made an update to the trip');
  });
});
