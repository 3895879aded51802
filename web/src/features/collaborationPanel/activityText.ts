/** What an activity entry says (SPEC-2 §3): the five named types, and a generic update for anything else. */
import type { DocActivity } from '@caravan/shared';
import { collabPanelMessages } from './messages.ts';

const text = collabPanelMessages.activity;

const field = (data: Record<string, unknown>, key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');

export function activityText(entry: Pick<DocActivity, 'activityType' | 'activityData' | 'displayName'>): string {
  const name = entry.displayName || text.someone;
  const data = entry.activityData ?? {};
  switch (entry.activityType) {
    case 'member_joined':
      return text.memberJoined(name);
    case 'member_invited':
      return text.memberInvited(name, field(data, 'invitedEmail'));
    case 'member_removed':
      return text.memberRemoved(name, field(data, 'removedMemberName'));
    case 'stop_added':
      return text.stopAdded(name, field(data, 'stopName'));
    case 'trip_updated':
      return text.tripUpdated(name);
    default:
      return text.generic(name);
  }
}
