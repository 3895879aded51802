import { describe, expect, it } from 'vitest';
import { EMAILED_NOTIFICATION_KINDS, notificationSentence } from '@caravan/shared';
import { notificationEmail } from './notificationEmail.ts';

describe('notificationEmail', () => {
  it('says what happened and links to the trip, with typed values escaped in the HTML and the subject on one line', () => {
    const mail = notificationEmail({
      kind: 'item_assigned',
      actorName: 'Eve <script>',
      tripTitle: 'Lakes\nLoop & more',
      data: { text: '<b>Stove</b>' },
      link: 'https://caravan.example/trips/abc',
    });
    expect(mail.subject).toBe('Eve <script> assigned you an item on "Lakes Loop & more"');
    expect(mail.text).toContain('Eve <script> assigned you “<b>Stove</b>” on “Lakes\nLoop & more”.');
    expect(mail.text).toContain('https://caravan.example/trips/abc');
    expect(mail.html).toContain('Eve &lt;script&gt; assigned you “&lt;b&gt;Stove&lt;/b&gt;”');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('href="https://caravan.example/trips/abc"');
  });

  it('tells an owner a suggestion waits for their review', () => {
    const mail = notificationEmail({ kind: 'suggestion_waiting', actorName: 'Vera', tripTitle: 'Loop', data: { suggestionName: 'Munising' }, link: 'https://x.example/trips/t' });
    expect(mail.subject).toBe('A suggestion waits for your review on "Loop"');
    expect(mail.text).toContain('Vera suggested “Munising” on “Loop”: it waits for your review.');
  });

  it('names each reminder in its subject and sentence; a reminder has no actor', () => {
    const mail = (kind: Parameters<typeof notificationEmail>[0]['kind'], data: Record<string, unknown>) =>
      notificationEmail({ kind, actorName: '', tripTitle: 'Loop', data, link: 'https://x.example/trips/t' });
    expect(mail('trip_starting', { startDate: '2026-12-03' })).toMatchObject({ subject: '"Loop" starts tomorrow' });
    expect(mail('trip_starting', {}).text).toContain('“Loop” starts tomorrow.');
    expect(mail('settle_up', { owed: '21.00 EUR' })).toMatchObject({ subject: 'You owe money on "Loop"' });
    expect(mail('settle_up', { owed: '21.00 EUR' }).text).toContain('You owe 21.00 EUR on “Loop”: settle up when you can.');
    expect(mail('poll_closing', { question: 'Lunch?' }).text).toContain('The poll “Lunch?” on “Loop” closes within a day, and you have not voted.');
    expect(mail('poll_closing', { question: 'Lunch?' }).subject).toBe('A poll closes soon on "Loop"');
  });

  it('has a subject of its own and the bell\'s sentence for every kind that may be e-mailed', () => {
    for (const kind of EMAILED_NOTIFICATION_KINDS) {
      const mail = notificationEmail({ kind, actorName: 'Vera', tripTitle: 'Loop', data: {}, link: 'https://x.example/trips/t' });
      expect(mail.subject, kind).not.toBe('Vera updated "Loop"');
      expect(mail.text, kind).toContain(`${notificationSentence({ kind, actorName: 'Vera', tripTitle: 'Loop', data: {} })}.`);
    }
  });
});
