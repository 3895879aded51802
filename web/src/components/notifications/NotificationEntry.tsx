/**
 * One entry of the bell's list: a lone notification links to its trip (and stop, when it names one); a group
 * ("5 new expenses on …") links to the trip. Following it marks all its notifications read. Beside it, a button
 * mutes the entry's trip.
 */
import { Link } from 'react-router-dom';
import { notificationPath, type TNotificationGroup } from '@caravan/shared';
import { notificationMessages as text } from '../../lib/messages/notificationMessages.ts';
import { relativeTime } from '../../lib/relativeTime.ts';

interface Props {
  entry: TNotificationGroup;
  onFollow: (entry: TNotificationGroup) => void;
  onMute: (entry: TNotificationGroup) => void;
}

export function NotificationEntry({ entry, onFollow, onMute }: Props) {
  const grouped = entry.count > 1;
  const to = notificationPath({ tripId: entry.tripId, stopId: grouped ? null : entry.stopId });
  return (
    <li className={entry.unread > 0 ? 'notification unread' : 'notification'}>
      <Link to={to} onClick={() => onFollow(entry)}>
        {entry.unread > 0 && <span className="visually-hidden">{text.unread}: </span>}
        <span>{grouped ? text.groupSentence(entry, entry.count) : text.sentence(entry)}</span>
        <span className="muted notification-when">
          <time dateTime={entry.createdAt}>{relativeTime(entry.createdAt)}</time>
          {grouped && entry.unread > 0 && entry.unread < entry.count && ` · ${text.groupUnread(entry.unread)}`}
        </span>
      </Link>
      <button type="button" className="button small ghost notification-mute" aria-label={text.muteTripNamed(entry.tripTitle)} onClick={() => onMute(entry)}>
        {text.mute}
      </button>
    </li>
  );
}
