/**
 * Derives notifications from what a trip's projection newly stores (./../tripDocs/projection.ts), in the same
 * transaction, so whichever door and process wrote an event, its members are told once: the row is unique per
 * event and member. Never the actor; only the trip's members (an invitation: only an account with that e-mail);
 * nobody who muted the trip.
 */
import type * as Y from 'yjs';
import type { EntityManager } from 'typeorm';
import { EMAILED_NOTIFICATION_KINDS, readExpense, type ActivityType, type DocActivity } from '@caravan/shared';
import { eventsOfComment } from './commentEvents.ts';
import type { NotificationEvent } from './notificationEvent.ts';

export type { NotificationEvent } from './notificationEvent.ts';

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const uuid = (value: unknown) => (typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value) ? value : null);

/**
 * The activity a trip's stop edits record, which tells nobody (`eventsOfActivity` answers none for it, a test holds it
 * so): a live batch whose only new records are these is committed on the grouped fast path, which stores the rows
 * but derives no notifications (../tripDocs/tripDocHub.ts).
 */
export const SILENT_ACTIVITY_TYPES: ReadonlySet<string> = new Set<ActivityType>([
  'stop_added',
  'stop_deleted',
  'stop_visited',
  'stop_moved',
  'stop_updated',
  'stop_plan_updated',
  'stop_arrived',
  'stop_running_late',
  'stops_reordered',
]);

/** The events a new activity entry tells, in the order they are to be stored (the first wins a member's row). */
export async function eventsOfActivity(manager: EntityManager, tripId: string, doc: Y.Doc, entry: DocActivity): Promise<NotificationEvent[]> {
  if (entry.activityType === 'comment_added') return eventsOfComment(manager, tripId, doc, entry);
  const event = await eventOfActivity(manager, tripId, doc, entry);
  return event ? [event] : [];
}

/** The event a new activity entry (other than a comment) tells, with its recipients, or null when it tells nobody. */
export async function eventOfActivity(manager: EntityManager, tripId: string, doc: Y.Doc, entry: DocActivity): Promise<NotificationEvent | null> {
  const d = entry.activityData ?? {};
  const base = { sourceId: entry.id, actorId: entry.userId, actorName: entry.displayName ?? '', createdAt: entry.createdAt };
  switch (entry.activityType) {
    case 'member_invited':
      return str(d.invitedEmail) ? { ...base, kind: 'trip_invited', stopId: null, data: { role: str(d.role) }, to: { email: str(d.invitedEmail) } } : null;
    case 'suggestion_approved':
    case 'suggestion_denied': {
      const suggester = num(d.suggestedBy);
      if (suggester === null) return null;
      const data = { suggestionName: str(d.suggestionName), approved: entry.activityType === 'suggestion_approved' };
      return { ...base, kind: 'suggestion_reviewed', stopId: uuid(d.stopId), data, to: { userIds: [suggester] } };
    }
    case 'item_assigned': {
      const assignee = num(d.assigneeId);
      return assignee === null ? null : { ...base, kind: 'item_assigned', stopId: null, data: { text: str(d.text) }, to: { userIds: [assignee] } };
    }
    case 'poll_opened': {
      const rows: Array<{ user_id: number }> = await manager.query(`SELECT user_id FROM trip_members WHERE trip_id = $1`, [tripId]);
      const data = { question: str(d.question), closesAt: typeof d.closesAt === 'string' ? d.closesAt : null };
      return { ...base, kind: 'poll_opened', stopId: null, data, to: { userIds: rows.map((row) => row.user_id) } };
    }
    case 'poll_closed': {
      const rows: Array<{ user_id: number }> = await manager.query(`SELECT user_id FROM trip_members WHERE trip_id = $1`, [tripId]);
      const data = { question: str(d.question), winner: typeof d.winner === 'string' ? d.winner : null };
      return { ...base, kind: 'poll_closed', stopId: null, data, to: { userIds: rows.map((row) => row.user_id) } };
    }
    case 'expense_added': {
      const expense = readExpense(doc, str(d.expenseId));
      if (!expense) return null;
      const data = { description: expense.description, amount: expense.amount, currency: expense.currency };
      return { ...base, kind: 'expense_added', stopId: null, data, to: { userIds: expense.split.parts.map((part) => part.userId) } };
    }
    default:
      return null;
  }
}

/** A suggestion newly stored as pending waits for the trip's owner. */
export async function eventOfNewSuggestion(
  manager: EntityManager,
  tripId: string,
  suggestion: { id: string; suggestedBy: number | null; suggestedByDisplayName: string; name: string; createdAt: string },
): Promise<NotificationEvent> {
  const [trip]: Array<{ owner_id: number }> = await manager.query(`SELECT owner_id FROM trips WHERE id = $1`, [tripId]);
  return {
    kind: 'suggestion_waiting',
    sourceId: suggestion.id,
    actorId: suggestion.suggestedBy,
    actorName: suggestion.suggestedByDisplayName,
    stopId: null,
    data: { suggestionName: suggestion.name },
    createdAt: suggestion.createdAt,
    to: { userIds: trip ? [trip.owner_id] : [] },
  };
}

/**
 * Stores the event's notifications as each recipient's choices for its kind ask (no choice: in the app, by e-mail
 * and by push), and a push delivery per device of a recipient who wants it pushed; a recipient who wants it no way,
 * or who muted the trip, gets no row (an invitation comes before membership and is never muted). Every channel sends
 * from these rows, so a mute silences them all.
 */
export async function storeNotifications(manager: EntityManager, tripId: string, event: NotificationEvent): Promise<void> {
  const emailable = EMAILED_NOTIFICATION_KINDS.includes(event.kind);
  const byEmail = 'email' in event.to;
  await manager.query(
    `WITH told AS (
       INSERT INTO notifications (user_id, trip_id, kind, source_id, actor_id, actor_name, stop_id, data, in_app, email_due, created_at)
       SELECT u.id, $1, $2, $3, (SELECT id FROM users WHERE id = $4), $5, $6, $7::jsonb, coalesce(p.in_app, true),
              $8 AND coalesce(p.email, true), $9
         FROM users u
         LEFT JOIN notification_preferences p ON p.user_id = u.id AND p.kind = $2
        WHERE (CASE WHEN $10 THEN lower(u.email) = lower($11) ELSE u.id = ANY($12::int[]) END)
          AND u.id IS DISTINCT FROM $4
          AND u.status = 'active'
          AND ($10 OR EXISTS (SELECT 1 FROM trip_members m WHERE m.trip_id = $1 AND m.user_id = u.id))
          AND (coalesce(p.in_app, true) OR ($8 AND coalesce(p.email, true))
               OR (coalesce(p.push, true) AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id)))
          AND ($2 = 'trip_invited' OR NOT EXISTS (SELECT 1 FROM notification_trip_mutes x WHERE x.trip_id = $1 AND x.user_id = u.id))
       ON CONFLICT (source_id, user_id) DO NOTHING
       RETURNING id, user_id)
     INSERT INTO push_deliveries (notification_id, subscription_id)
     SELECT told.id, s.id
       FROM told
       JOIN push_subscriptions s ON s.user_id = told.user_id
       LEFT JOIN notification_preferences p ON p.user_id = told.user_id AND p.kind = $2
      WHERE coalesce(p.push, true)`,
    [
      tripId,
      event.kind,
      event.sourceId,
      event.actorId,
      event.actorName,
      event.stopId,
      JSON.stringify(event.data),
      emailable,
      event.createdAt,
      byEmail,
      'email' in event.to ? event.to.email : '',
      'userIds' in event.to ? [...new Set(event.to.userIds)] : [],
    ],
  );
}
