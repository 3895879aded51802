/** The one sentence that says what a notification tells: the bell's list and the pushed notification both say it. */
import type { NotificationKind } from '../contracts/notifications.ts';

const q = (value: unknown) => `“${typeof value === 'string' ? value : ''}”`;

export function notificationSentence({ kind, actorName, tripTitle, data }: { kind: NotificationKind; actorName: string; tripTitle: string; data: Record<string, unknown> }): string {
  const trip = q(tripTitle);
  switch (kind) {
    case 'trip_invited':
      return `${actorName} invited you to ${trip} as ${data.role === 'editor' ? 'an editor' : 'a viewer'}`;
    case 'suggestion_waiting':
      return `${actorName} suggested ${q(data.suggestionName)} on ${trip}: it waits for your review`;
    case 'suggestion_reviewed':
      return `${actorName} ${data.approved ? 'approved' : 'denied'} your suggestion ${q(data.suggestionName)} on ${trip}`;
    case 'stop_commented':
      return `${actorName} commented on ${q(data.stopName)} on ${trip}`;
    case 'mentioned':
      return `${actorName} mentioned you in a comment on ${q(data.stopName)} on ${trip}`;
    case 'item_assigned':
      return `${actorName} assigned you ${q(data.text)} on ${trip}`;
    case 'poll_closed':
      return typeof data.winner === 'string' && data.winner
        ? `${actorName} closed the poll ${q(data.question)} on ${trip}: ${data.winner} won`
        : `${actorName} closed the poll ${q(data.question)} on ${trip}`;
    case 'expense_added':
      return `${actorName} added the expense ${q(data.description)} on ${trip}, split with you`;
    case 'poll_opened':
      return `${actorName} started the poll ${q(data.question)} on ${trip}`;
    case 'poll_closing':
      return `The poll ${q(data.question)} on ${trip} closes within a day, and you have not voted`;
    case 'item_due':
      return `${q(data.text)}, assigned to you on ${trip}, is due tomorrow`;
    case 'trip_starting':
      return `${trip} starts tomorrow`;
    case 'settle_up':
      return `You owe ${typeof data.owed === 'string' ? data.owed : 'money'} on ${trip}: settle up when you can`;
  }
}

/** Where a notification leads: its trip, opened at its stop when it has one (the trip page reads `?stop=`). */
export const notificationPath = ({ tripId, stopId }: { tripId: string; stopId: string | null }): string =>
  stopId ? `/trips/${tripId}?stop=${stopId}` : `/trips/${tripId}`;
