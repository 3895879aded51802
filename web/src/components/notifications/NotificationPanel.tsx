/**
 * The bell's list: newest first, notifications of one kind on one trip that came together shown as one entry
 * (./NotificationEntry.tsx); Mark all read. The bell's count stays the number of unread notifications.
 */
import type { TNotificationGroup } from '@caravan/shared';
import { errorMessage } from '../../lib/api.ts';
import { notificationMessages as text } from '../../lib/messages/notificationMessages.ts';
import { NotificationEntry } from './NotificationEntry.tsx';
import { useMarkRead, useNotificationGroups } from './notificationListApi.ts';
import { useSetTripMute } from './tripMuteApi.ts';

export default function NotificationPanel({ onClose }: { onClose: () => void }) {
  const list = useNotificationGroups();
  const markRead = useMarkRead();
  const setMute = useSetTripMute();
  const entries = list.data?.groups ?? [];
  const anyUnread = entries.some((each) => each.unread > 0);

  function follow(entry: TNotificationGroup) {
    if (entry.unread > 0) markRead.entry.mutate(entry.ids);
    onClose();
  }

  return (
    <section className="notification-panel" id="notification-panel" aria-labelledby="notification-panel-title">
      <div className="notification-panel-header">
        <h2 id="notification-panel-title">{text.title}</h2>
        {anyUnread && (
          <button type="button" className="button small ghost" onClick={() => markRead.all.mutate()} disabled={markRead.all.isPending}>
            {text.markAllRead}
          </button>
        )}
      </div>
      {list.isPending && <p className="muted">{text.loading}</p>}
      {list.isError && <p className="form-error" role="alert">{errorMessage(list.error, text.failed)}</p>}
      {list.isSuccess && entries.length === 0 && <p className="muted">{text.empty}</p>}
      {entries.length > 0 && (
        <ul className="notification-list">
          {entries.map((entry) => (
            <NotificationEntry
              key={entry.id}
              entry={entry}
              onFollow={follow}
              onMute={(muted) => setMute.mutate({ tripId: muted.tripId, tripTitle: muted.tripTitle, muted: true })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
