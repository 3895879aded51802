/** The bell's list: newest first, each a link to its trip (and stop, when it names one) that marks it read; Mark all read. */
import { Link } from 'react-router-dom';
import { notificationPath } from '@caravan/shared';
import { errorMessage } from '../../lib/api.ts';
import { notificationMessages as text } from '../../lib/messages/notificationMessages.ts';
import { relativeTime } from '../../lib/relativeTime.ts';
import { useMarkRead, useNotificationList } from './notificationListApi.ts';

export default function NotificationPanel({ onClose }: { onClose: () => void }) {
  const list = useNotificationList();
  const markRead = useMarkRead();
  const notifications = list.data?.notifications ?? [];
  const anyUnread = notifications.some((each) => !each.read);

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
      {list.isSuccess && notifications.length === 0 && <p className="muted">{text.empty}</p>}
      {notifications.length > 0 && (
        <ul className="notification-list">
          {notifications.map((notification) => (
            <li key={notification.id} className={notification.read ? 'notification' : 'notification unread'}>
              <Link
                to={notificationPath(notification)}
                onClick={() => {
                  if (!notification.read) markRead.one.mutate(notification.id);
                  onClose();
                }}
              >
                {!notification.read && <span className="visually-hidden">{text.unread}: </span>}
                <span>{text.sentence(notification)}</span>
                <time dateTime={notification.createdAt} className="muted">
                  {relativeTime(notification.createdAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
