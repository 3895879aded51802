import { describe, expect, it } from 'vitest';
import type { TNotification } from '@caravan/shared';
import { notificationMessages } from './notificationMessages.ts';

const base: Omit<TNotification, 'kind' | 'data'> = {
  id: 'n',
  tripId: 't',
  tripTitle: 'Great Lakes Loop',
  stopId: null,
  actorName: 'Eddie Editor',
  read: false,
  createdAt: '2026-12-02T12:00:00.000Z',
};
const say = (kind: TNotification['kind'], data: Record<string, unknown>) => notificationMessages.sentence({ ...base, kind, data });

describe('notification sentences', () => {
  it('say what happened, by whom, on which trip, for every kind', () => {
    expect(say('trip_invited', { role: 'editor' })).toBe('Eddie Editor invited you to “Great Lakes Loop” as an editor');
    expect(say('suggestion_waiting', { suggestionName: 'Munising' })).toBe('Eddie Editor suggested “Munising” on “Great Lakes Loop”: it waits for your review');
    expect(say('suggestion_reviewed', { suggestionName: 'Munising', approved: false })).toBe('Eddie Editor denied your suggestion “Munising” on “Great Lakes Loop”');
    expect(say('stop_commented', { stopName: 'Marquette' })).toBe('Eddie Editor commented on “Marquette” on “Great Lakes Loop”');
    expect(say('mentioned', { stopName: 'Marquette' })).toBe('Eddie Editor mentioned you in a comment on “Marquette” on “Great Lakes Loop”');
    expect(say('item_assigned', { text: 'Stove' })).toBe('Eddie Editor assigned you “Stove” on “Great Lakes Loop”');
    expect(say('poll_closed', { question: 'Lunch?', winner: 'Pasties' })).toBe('Eddie Editor closed the poll “Lunch?” on “Great Lakes Loop”: Pasties won');
    expect(say('poll_closed', { question: 'Lunch?', winner: null })).toBe('Eddie Editor closed the poll “Lunch?” on “Great Lakes Loop”');
    expect(say('expense_added', { description: 'Fuel' })).toBe('Eddie Editor added the expense “Fuel” on “Great Lakes Loop”, split with you');
    expect(say('poll_opened', { question: 'Lunch?', closesAt: null })).toBe('Eddie Editor started the poll “Lunch?” on “Great Lakes Loop”');
    expect(say('poll_closing', { question: 'Lunch?' })).toBe('The poll “Lunch?” on “Great Lakes Loop” closes within a day, and you have not voted');
    expect(say('item_due', { text: 'Stove', dueDate: '2026-12-03' })).toBe('“Stove”, assigned to you on “Great Lakes Loop”, is due tomorrow');
    expect(say('trip_starting', { startDate: '2026-12-03' })).toBe('“Great Lakes Loop” starts tomorrow');
    expect(say('settle_up', { amount: 4200, currency: 'EUR', owed: '42.00 EUR' })).toBe('You owe 42.00 EUR on “Great Lakes Loop”: settle up when you can');
  });

  it('count a grouped entry by what its kind adds up to', () => {
    expect(notificationMessages.groupSentence({ ...base, kind: 'expense_added', data: {}, tripTitle: 'Coast trip' }, 5)).toBe('5 new expenses on “Coast trip”');
    expect(notificationMessages.groupSentence({ ...base, kind: 'mentioned', data: {} }, 2)).toBe('2 new mentions of you on “Great Lakes Loop”');
    expect(notificationMessages.groupSentence({ ...base, kind: 'item_due', data: {} }, 3)).toBe('3 new checklist items due tomorrow on “Great Lakes Loop”');
  });

  it('names the bell with its unread count', () => {
    expect(notificationMessages.bell(3)).toBe('Notifications, 3 unread');
  });
});
