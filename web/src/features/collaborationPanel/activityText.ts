/**
 * What an activity entry says: the five types every client knows, in their own words, a sentence each for the
 * types the server records beyond them (stops deleted, moved, edited, planned, visited, arrived at, running late; comments; suggestion reviews; started and closed polls, checklist items assigned; see
 * engine/src/tripDocs/stopActivity.ts and the contract in shared/src/contracts/activity.ts), and a
 * generic update for anything else.
 */
import type { DocActivity } from '@caravan/shared';
import { checklistMessages } from './checklistMessages.ts';
import { decisionMessages } from './decisionMessages.ts';
import { formatMoney } from './costs/moneyFormat.ts';
import { collabPanelMessages } from './messages.ts';

const text = collabPanelMessages.activity;

type Data = Record<string, unknown>;
const field = (data: Data, key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');

/** Sentences that name one thing from the entry's data: its key, and the sentence. */
const naming: Record<string, [key: string, say: (name: string, thing: string, data: Data) => string]> = {
  member_removed: ['removedMemberName', text.memberRemoved],
  stop_added: ['stopName', text.stopAdded],
  stop_deleted: ['stopName', text.stopDeleted],
  stop_moved: ['stopName', (name, stop, data) => (data.otherStops === true ? text.stopAndOthersMoved : text.stopMoved)(name, stop)],
  stop_updated: ['stopName', text.stopUpdated],
  stop_plan_updated: ['stopName', text.stopPlanUpdated],
  stop_arrived: ['stopName', text.stopArrived],
  stop_running_late: ['stopName', (name, stop, data) => text.stopRunningLate(name, stop, typeof data.delayMinutes === 'number' ? data.delayMinutes : 0)],
  stop_visited: ['stopName', (name, stop, data) => (data.visited === false ? text.stopUnvisited : text.stopVisited)(name, stop)],
  comment_added: ['stopName', text.commentAdded],
  comment_resolved: ['stopName', (name, stop, data) => (data.resolved === false ? text.commentReopened : text.commentResolved)(name, stop)],
  suggestion_approved: ['suggestionName', text.suggestionApproved],
  suggestion_denied: ['suggestionName', text.suggestionDenied],
  suggestion_archived: ['suggestionName', text.suggestionArchived],
  poll_opened: ['question', decisionMessages.pollOpened],
  poll_closed: ['question', (name, question, data) => decisionMessages.pollClosed(name, question, field(data, 'winner'))],
};

/** "$42.00" from an entry's amount and currency (shared costs, shared/src/parts/money/activity.ts); '' if either is missing. */
const amountOf = (data: Data) => (typeof data.amount === 'number' && field(data, 'currency') ? formatMoney(data.amount, field(data, 'currency')) : '');

/** `readerId`: who reads the feed, so an item given to them says "assigned you". */
export function activityText(
  entry: Pick<DocActivity, 'activityType' | 'activityData' | 'displayName'> & { userId?: number | null },
  readerId?: number,
): string {
  const name = entry.displayName || text.someone;
  const data = entry.activityData ?? {};
  switch (entry.activityType) {
    case 'expense_added':
      return (data.paidBy === entry.userId ? text.expensePaid : text.expenseRecorded)(name, amountOf(data), field(data, 'description'));
    case 'expense_updated':
      return text.expenseUpdated(name, field(data, 'description'));
    case 'expense_deleted':
      return text.expenseDeleted(name, field(data, 'description'));
    case 'payment_recorded':
      return text.paymentRecorded(name, amountOf(data));
    case 'payment_deleted':
      return text.paymentDeleted(name, amountOf(data));
    case 'member_joined':
      return text.memberJoined(name);
    case 'member_invited':
      return text.memberInvited(name, field(data, 'invitedEmail'));
    case 'trip_updated':
      return text.tripUpdated(name);
    case 'trip_restored': {
      const only = data.only as { stopId?: unknown } | undefined;
      const version = field(data, 'versionName') || (typeof data.takenAt === 'string' ? new Date(data.takenAt).toLocaleString() : '');
      return text.tripRestored(name, version, !only ? 'whole' : only.stopId !== undefined ? 'stop' : 'entry');
    }
    case 'member_role_changed':
      return data.role === 'editor' || data.role === 'viewer' ? text.memberRoleChanged(name, field(data, 'memberName'), data.role) : text.generic(name);
    case 'item_assigned':
      return checklistMessages.itemAssigned(name, field(data, 'text'), field(data, 'assigneeName'), data.assigneeId === readerId);
    case 'stops_reordered':
      return typeof data.stopCount === 'number' ? text.stopsReordered(name, data.stopCount) : text.generic(name);
  }
  if (!Object.hasOwn(naming, entry.activityType)) return text.generic(name);
  const [key, say] = naming[entry.activityType];
  return say(name, field(data, key), data);
}
